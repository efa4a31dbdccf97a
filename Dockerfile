# Crewtrade: one image for every app instance (REST + Socket.IO + uploads + the built web app).
# Build:  docker build -t crewtrade .    Run several behind a load balancer: see docker-compose.yml.

# --- build: every dependency, then the web bundle (dist/web) -------------------------------------
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- runtime: production dependencies, the server sources (run by tsx) and the bundle ------------
FROM node:22-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    UPLOAD_DIR=/data/uploads
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY tsconfig.json ./
COPY protocol ./protocol
COPY server ./server
COPY --from=build /app/dist ./dist
# The uploads folder is a volume shared by every instance; created here so it belongs to `node`.
RUN mkdir -p /data/uploads && chown -R node:node /data
USER node
EXPOSE 3000
# main.ts handles SIGTERM (closes sockets, HTTP and the database pool) so `docker stop` is clean.
CMD ["node", "--max-semi-space-size=32", "--max-old-space-size=160", "--experimental-async-context-frame", "--import", "tsx", "server/main.ts"]
