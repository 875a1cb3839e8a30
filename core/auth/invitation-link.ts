/** The link of an invitation: the console's page that accepts it, at the service's address. */
export function invitationLink(publicUrl: string, secret: string): string {
  return `${publicUrl}${invitationPath(secret)}`;
}

/** The same page, below the service's address. */
export function invitationPath(secret: string): string {
  return `/console/#/invitation/${secret}`;
}
