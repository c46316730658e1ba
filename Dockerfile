# Multi-stage image: build with all dependencies, run with production dependencies only. Node.js 24, the LTS line of
# server/node-flags.mjs (docs/decisions/034-node-versions.md).
# The server (server/index.mjs) applies pending migrations at start-up, then listens on PORT.
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build

FROM node:24-bookworm-slim AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
COPY drizzle ./drizzle
COPY app/content ./app/content
COPY package.json ./
RUN mkdir -p /data && chown node:node /data
VOLUME /data
EXPOSE 3000
USER node
COPY server ./server
# One process per container; the orchestrator restarts it when it exits (e.g. `docker run --restart=unless-stopped`,
# or a Kubernetes Deployment), and SIGTERM lets it finish in-flight requests first. /healthz answers while it runs.
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# The flags of server/node-flags.mjs.
CMD ["node", "--max-semi-space-size=32", "server/index.mjs"]
