// The configuration is CommonJS, as dependency-cruiser reads it: its manifest comes by require.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const SENDER_MANIFEST = require('./packages/sender/package.json');

/** Where the sender's own dependencies (and node's types) resolve, as a path pattern. */
const SENDER_DEPENDENCIES = `(^|/)node_modules/(${[
  ...Object.keys(SENDER_MANIFEST.dependencies),
  '@types/node',
]
  .map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  .join('|')})/`;

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
      comment: 'core/ is shared by the applications and never reaches into any of them.',
      severity: 'error',
      from: { path: '^core/' },
      to: { path: '^(api|worker|console|admin|packages)/' },
    },
    {
      name: 'api-and-worker-apart',
      comment: 'The API and the worker share code through core/ only.',
      severity: 'error',
      from: { path: '^(api|worker)/' },
      to: { path: '^(api|worker)/', pathNot: '^$1/' },
    },
    {
      name: 'api-mounts-only-the-console',
      comment:
        'The API knows nothing of the command lines; it mounts the console by its routes file ' +
        'alone.',
      severity: 'error',
      from: { path: '^api/' },
      to: {
        path: '^(console|admin|packages)/',
        pathNot: '^console/console[.]routes[.]ts$',
      },
    },
    {
      name: 'worker-knows-no-client',
      comment: 'The worker serves no console and runs no command line.',
      severity: 'error',
      from: { path: '^worker/' },
      to: { path: '^(console|admin|packages)/' },
    },
    {
      name: 'console-is-a-client',
      comment:
        'The console is a browser app that calls the HTTP API, and the file that serves it: it ' +
        'imports nothing of the service, whose process mounts it.',
      severity: 'error',
      from: { path: '^console/' },
      to: { path: '^(api|worker|core|admin|packages)/' },
    },
    {
      name: 'admin-works-through-core',
      comment:
        'The admin command line works on the database by design, through core/; it reaches no ' +
        "entry point's internals and no other application.",
      severity: 'error',
      from: { path: '^admin/' },
      to: { path: '^(api|worker|console|packages)/' },
    },
    {
      name: 'sender-stands-alone',
      comment:
        "The sender's package is published alone: it imports its own files, node's modules and " +
        'the dependencies its package.json lists, nothing else of this repository.',
      severity: 'error',
      from: { path: '^packages/sender/' },
      to: { pathNot: ['^packages/sender/', '(^|/)node_modules/'], dependencyTypesNot: ['core'] },
    },
    {
      name: 'sender-uses-its-own-dependencies',
      comment:
        "An npm package the sender's package.json does not list would be missing where the " +
        'package is installed alone.',
      severity: 'error',
      from: { path: '^packages/sender/' },
      to: { path: '(^|/)node_modules/', pathNot: SENDER_DEPENDENCIES },
    },
    {
      name: 'entry-points-compose-routes-receive',
      comment:
        'Each process builds its repositories and services once, in its composition root ' +
        '(api/compose.ts with api/context.ts, worker/compose.ts, admin/compose.ts); routes, ' +
        'middleware, processors and commands receive them. Naming a repository type is fine; ' +
        'importing its class to build one is not.',
      severity: 'error',
      from: { path: '^(api/routes|api/middleware|worker/processors|admin/[^/]+[.]command[.]ts$)' },
      to: {
        path: '^core/.+[.]repository[.]ts$',
        dependencyTypesNot: ['type-only'],
      },
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
    // npm packages stay in the graph, unfollowed, so that the rules see which ones a file uses.
    doNotFollow: { path: 'node_modules' },
    // node_modules may be a link (a git worktree sharing a clone's): its packages keep that path.
    preserveSymlinks: true,
    // A package's bin is a launcher of its compiled sources (dist), which a clone has not built.
    exclude: { path: '^(dist|coverage|bench/results|packages/[^/]+/(dist|bin))/' },
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
