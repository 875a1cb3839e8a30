# Multi-stage build: compile TypeScript once, ship only the compiled code and production modules.
# `.ci/run` replays this file's COPY and RUN lines without Docker (scripts/production-build-check.ts).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# The sender's package is a workspace of the lock file: npm needs its manifest, not its code.
COPY packages/sender/package.json ./packages/sender/
# Not `npm ci`: the lock file lists the native packages of linux-x64 and linux-arm64 only (the
# registry it was made against serves no others), and `npm ci` refuses a lock file that lacks any
# platform's optional packages. `npm install` installs the versions the lock file pins, with the
# optional packages of the platform it runs on. No install scripts: none is needed to build.
RUN npm install --no-audit --no-fund --ignore-scripts
COPY tsconfig.json tsconfig.build.json ./
COPY core ./core
COPY api ./api
COPY worker ./worker
COPY console ./console
COPY admin ./admin
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
# The console's static files: tsc does not copy them into dist/.
COPY --from=build --chown=node:node /app/console/public ./console/public
COPY --chown=node:node package.json ./
USER node
# A container's loopback is its own: a worker's /metrics and /healthz listen on every interface,
# so that a scraper beside it reaches them (the API ignores this).
ENV WORKER_METRICS_HOST=0.0.0.0
# 3000: the API; 9464: a worker's /metrics and /healthz (WORKER_METRICS_PORT, its first port).
EXPOSE 3000 9464
# The same image runs either role: `node dist/api/main.js` (default) or `node dist/worker/main.js`.
CMD ["node", "dist/api/main.js"]
