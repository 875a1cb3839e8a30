# Multi-stage build: compile TypeScript once, ship only the compiled code and production modules.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts
COPY tsconfig.json tsconfig.build.json ./
COPY core ./core
COPY api ./api
COPY worker ./worker
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
# The console's static files: tsc does not copy them into dist/.
COPY --from=build --chown=node:node /app/api/console/public ./api/console/public
COPY --chown=node:node package.json ./
USER node
EXPOSE 3000
# The same image runs either role: `node dist/api/main.js` (default) or `node dist/worker/main.js`.
CMD ["node", "dist/api/main.js"]
