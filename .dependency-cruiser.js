/**
 * Layer fences, checked by `npm run lint:deps` (part of `npm run check`). Folder-level cycles
 * between the folders of core/ are checked by scripts/deps/check-folder-cycles.ts on the same
 * graph.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'An import cycle between files: split the shared part into a file of its own.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-stays-below-entry-points',
      comment: 'core/ is shared by the API and the worker and never reaches into either.',
      severity: 'error',
      from: { path: '^core/' },
      to: { path: '^(api|worker)/' },
    },
    {
      name: 'api-and-worker-apart',
      comment: 'The API and the worker share code through core/ only.',
      severity: 'error',
      from: { path: '^(api|worker)/' },
      to: { path: '^(api|worker)/', pathNot: '^$1/' },
    },
    {
      name: 'push-is-a-client',
      comment:
        'funnel-sync push is a client of the public HTTP API: it shares no code with the ' +
        "service but the command line's way to write its output.",
      severity: 'error',
      from: { path: '^api/cli/push/' },
      to: { path: '^(core|worker|api)/', pathNot: ['^api/cli/push/', '^api/cli/cli-io\\.ts$'] },
    },
    {
      name: 'domain-is-pure',
      comment:
        'core/domain/ is the pure domain: no database, queue or HTTP. It may import itself and ' +
        'zod; anything else is I/O and belongs outside it.',
      severity: 'error',
      from: { path: '^core/domain/' },
      to: { pathNot: ['^core/domain/', '^node_modules/zod/', '^(node:)?util$'] },
    },
    {
      name: 'platform-at-the-bottom',
      comment:
        'core/platform/ (configuration, logging, shut-down, readiness) is what every other part ' +
        'stands on, so it imports none of them.',
      severity: 'error',
      from: { path: '^core/platform/' },
      to: { path: '^core/', pathNot: '^core/platform/' },
    },
    {
      name: 'mechanisms-below-use-cases',
      comment:
        'core/mongo/ and core/redis/ are mechanisms (a connection, batch writes, mutexes, ' +
        'sequences); they know no concept of the service beyond the pure domain.',
      severity: 'error',
      from: { path: '^core/(mongo|redis)/' },
      to: { path: '^core/', pathNot: '^core/(mongo|redis|platform|domain)/' },
    },
    {
      name: 'storage-assembled-last',
      comment:
        'core/storage/ assembles every collection and holds one adapter per engine: only ' +
        'what opens the store (entry points, use cases wiring it) reaches into it, never a ' +
        'concept it stores.',
      severity: 'error',
      from: {
        path: '^core/(auth|changes|domain|export|history|items|mongo|platform|queue|redis|settings)/',
      },
      to: { path: '^core/storage/' },
    },
    {
      name: 'no-unresolvable',
      comment: 'An import the cruiser cannot resolve would escape every rule above.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|coverage|bench/results|node_modules)/' },
    // Type-only imports count: a cycle through a type is still a cycle for the reader.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.js', '.json', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
