/**
 * `npm run lint:deps`, second half: no import cycle between the first-level folders of core/.
 * The graph is dependency-cruiser's, with the options of .dependency-cruiser.js.
 */
import path from 'node:path';
import { describeCycle, folderCycles, type FolderEdge } from './folder-cycles';

const ROOT = path.resolve(__dirname, '../..');
const FOLDER = /^core\/[^/]+(?=\/)/;

async function coreEdges(): Promise<FolderEdge[]> {
  // dependency-cruiser is an ES module only; this project compiles to CommonJS.
  const { cruise } = await import('dependency-cruiser');
  const { default: extractOptions } =
    await import('dependency-cruiser/config-utl/extract-depcruise-options');
  const options = await extractOptions(path.join(ROOT, '.dependency-cruiser.js'));
  const { output } = await cruise(['core'], { ...options, validate: false });
  if (typeof output === 'string') throw new Error('dependency-cruiser gave text, not a graph');
  const edges: FolderEdge[] = [];
  for (const module of output.modules) {
    const from = FOLDER.exec(module.source)?.[0];
    if (!from) continue;
    for (const dependency of module.dependencies) {
      const to = FOLDER.exec(dependency.resolved)?.[0];
      if (to) edges.push({ from, to, fromFile: module.source, toFile: dependency.resolved });
    }
  }
  return edges;
}

async function main(): Promise<void> {
  process.chdir(ROOT);
  const cycles = folderCycles(await coreEdges());
  if (cycles.length > 0) {
    console.error(`\nx folder cycles in core/ (break each by moving a file or an import):`);
    for (const cycle of cycles) console.error(describeCycle(cycle));
    process.exitCode = 1;
  } else {
    console.log('no folder cycles in core/');
  }
}

void main();
