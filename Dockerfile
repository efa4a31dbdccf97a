# Crewtrade: one image for every app instance (REST + Socket.IO + uploads + the built web app).
# Build:  docker build -t crewtrade .    Run several behind a load balancer: see docker-compose.yml.

# --- build: every dependency, then the web app (dist/web) and the server (dist/server) ----------
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- runtime: production dependencies and the build (plain JavaScript: no TypeScript at run time) --
# No development dependencies: neither the embedded PostgreSQL (DATABASE_URL is required here) nor
# the MikroORM CLI.
FROM node:24-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
# The uploads folder is a volume shared by every instance; created here so it belongs to `node`.
RUN mkdir -p /data/uploads && chown -R node:node /data
# NODE_OPTIONS holds the heap limit: override it at `docker run -e` / in compose to give an instance
# more memory (docs/operations.md). Set after `npm ci`, which must not run under it.
ENV NODE_ENV=production \
    PORT=3000 \
    UPLOAD_DIR=/data/uploads \
    NODE_OPTIONS="--max-old-space-size=256 --max-semi-space-size=32"
USER node
EXPOSE 3000
# Liveness only (no dependency asked): Docker and Swarm restart an instance that stops answering,
# never one whose database is down. Load balancers poll /readyz instead (docs/operations.md).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# main.ts handles SIGTERM: reports not ready, drains for DRAIN_SECONDS, then closes sockets, HTTP and
# the database, so `docker stop` (give it DRAIN_SECONDS + 10 s: compose's stop_grace_period) is clean.
CMD ["node", "dist/server/main.js"]
