/**
 * Cycles between folders, found as the strongly connected components of a graph whose nodes are
 * folders: two folders that reach each other through imports form one, even when no single file
 * does (dependency-cruiser's `circular` rule sees files only, also with `--collapse`).
 */

/** One import from a file of one folder to a file of another. */
export interface FolderEdge {
  from: string;
  to: string;
  fromFile: string;
  toFile: string;
}

export interface FolderCycle {
  /** The folders of the cycle, sorted. */
  folders: string[];
  /** Every import between two folders of the cycle: what has to change to break it. */
  edges: FolderEdge[];
}

/** Tarjan's algorithm over the folder graph; components of one folder are not cycles. */
export function folderCycles(edges: FolderEdge[]): FolderCycle[] {
  const next = new Map<string, Set<string>>();
  for (const edge of edges) {
    if (edge.from === edge.to) continue;
    next.set(edge.from, (next.get(edge.from) ?? new Set()).add(edge.to));
    if (!next.has(edge.to)) next.set(edge.to, new Set());
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node) ?? 0);
    stack.push(node);
    onStack.add(node);
    for (const target of next.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) components.push(component.sort());
  };
  for (const node of [...next.keys()].sort()) if (!index.has(node)) visit(node);
  return components.map((folders) => ({
    folders,
    edges: edges
      .filter((e) => e.from !== e.to && folders.includes(e.from) && folders.includes(e.to))
      .sort((a, b) => `${a.from} ${a.fromFile}`.localeCompare(`${b.from} ${b.fromFile}`)),
  }));
}

/** "core/auth <-> core/repositories" and one line per import between them. */
export function describeCycle(cycle: FolderCycle): string {
  return [
    `  folders ${cycle.folders.join(', ')} import each other:`,
    ...cycle.edges.map((e) => `    ${e.from} -> ${e.to}: ${e.fromFile} -> ${e.toFile}`),
  ].join('\n');
}
