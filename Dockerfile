# Switchboard for production: `docker build -t switchboard .`, then see compose.yaml and docs/deploy.md.
# Three stages: the web app is built with every dependency, the runtime gets production dependencies
# only, and runs as the unprivileged `node` user.

# --- build: install everything, build web/dist ------------------------------------------------------
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY tsconfig.json ./
COPY common ./common
COPY web ./web
RUN npm run build

# --- deps: production dependencies only -----------------------------------------------------------
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --omit=dev --no-audit --no-fund && npm cache clean --force

# --- runtime ---------------------------------------------------------------------------------------
# NODE_ENV=production: the server refuses to start without PUBLIC_URL (the address users reach, e.g.
# `docker run -e PUBLIC_URL=https://inbox.example.com …`; compose.yaml passes it). Behind a reverse
# proxy also set TRUST_PROXY to the proxy's address (docs/reverse-proxy.md).
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json tsconfig.json ./
COPY common ./common
COPY server ./server
COPY --from=build /app/web/dist ./web/dist
# Media files (and, when SECRET_KEY is unset, the generated key) live here: mount a volume, shared by
# every process of one installation.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# What `npm start` runs once the web app is built (scripts/start.mjs); migrations run on start.
CMD ["node", "--import", "tsx", "server/main.ts"]
