/**
 * A user's e-mail address as the API takes it: zod's form of the local part, and a domain of
 * host name labels, each 1 to 63 letters, digits and hyphens that neither starts nor ends with a
 * hyphen, under a top-level label of letters. The OpenAPI document gives this pattern with the
 * `email` format, so that an address the format refuses (`a@b-.example`) is refused here too.
 */
import { z } from 'zod';

const LOCAL_PART = "(?:[A-Za-z0-9_'+\\-]+\\.)*[A-Za-z0-9_'+\\-]*[A-Za-z0-9_+-]";
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
/** At most 64 characters before the `@`, as an SMTP mailbox has. */
const EMAIL_PATTERN = new RegExp(`^(?=[^@]{1,64}@)${LOCAL_PART}@(?:${LABEL}\\.)+[A-Za-z]{2,63}$`);

/** The pattern is given again as metadata: the OpenAPI generator writes only the format. */
export const emailAddressSchema = z
  .email({ pattern: EMAIL_PATTERN })
  .max(320)
  .meta({ pattern: EMAIL_PATTERN.source });
