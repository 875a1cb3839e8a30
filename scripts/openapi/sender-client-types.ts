/**
 * `npm run openapi:client` writes the types of the sender's HTTP client from the OpenAPI document
 * the service builds; `--check` (part of `npm run check`) fails when the committed file differs,
 * so a change of the document reaches the sender's code, whose callers then fail to compile.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
// The app's modules register every path of the document when they are imported.
import '../../api/app';
import { generateOpenApiDocument } from '../../api/openapi/document';

const ROOT = path.resolve(__dirname, '../..');
const TARGET = path.join(ROOT, 'packages/sender/src/service/openapi-paths.ts');

const HEADER = `/**
 * The service's HTTP API as types, from its OpenAPI document: written by \`npm run openapi:client\`,
 * never by hand; \`npm run check\` fails when it lags behind the document.
 */
`;

async function typesOfDocument(): Promise<string> {
  // openapi-typescript is an ES module only; this project compiles to CommonJS.
  const { default: openapiTS, astToString } = await import('openapi-typescript');
  const document = generateOpenApiDocument();
  const ast = await openapiTS(JSON.parse(JSON.stringify(document)) as never, {
    alphabetize: true,
  });
  const text = HEADER + astToString(ast);
  return format(text, { ...(await resolveConfig(TARGET)), filepath: TARGET });
}

async function main(): Promise<void> {
  const types = await typesOfDocument();
  if (!process.argv.includes('--check')) {
    await writeFile(TARGET, types);
    console.log(`wrote ${path.relative(ROOT, TARGET)}`);
    return;
  }
  const committed = await readFile(TARGET, 'utf8').catch(() => '');
  if (committed !== types) {
    console.error(
      `${path.relative(ROOT, TARGET)} differs from the OpenAPI document: ` +
        'run npm run openapi:client and fix what no longer compiles',
    );
    process.exitCode = 1;
  } else {
    console.log(`${path.relative(ROOT, TARGET)} matches the OpenAPI document`);
  }
}

void main();
