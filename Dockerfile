# syntax=docker/dockerfile:1
# Estudaí: one image for every server replica (compose.yaml runs two behind nginx).
# Stages: every dependency to build the web app and bundle the server; production dependencies only;
# a small runtime that runs the bundle with plain node (decision 043).

FROM node:22-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
RUN npm ci --no-audit --no-fund

FROM deps AS web
COPY tsconfig.base.json ./
COPY packages/contract packages/contract
COPY apps/server apps/server
COPY apps/web apps/web
COPY scripts scripts
RUN npm run build

FROM node:22-bookworm-slim AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
# The server and the contract it imports; no dev tools, no web build tools.
RUN npm ci --omit=dev --no-audit --no-fund --workspace @estudai/server --workspace @estudai/contract \
  && npm cache clean --force

FROM node:22-bookworm-slim AS runtime
# MALLOC_MMAP_THRESHOLD_: glibc keeps no freed large blocks in its arenas (decision 059, as npm start).
ENV NODE_ENV=production \
    MALLOC_MMAP_THRESHOLD_=32768 \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    WEB_DIST=/app/apps/web/dist
WORKDIR /app
COPY --from=prod-deps /app/node_modules node_modules
COPY package.json ./
COPY packages/contract packages/contract
COPY apps/server apps/server
COPY --from=web /app/apps/web/dist apps/web/dist
COPY --from=web /app/apps/server/dist apps/server/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
# Ready means the database (and Redis, when set) answer: the load balancer's and compose's signal.
HEALTHCHECK --interval=15s --timeout=5s --start-period=40s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "apps/server/dist/main.mjs"]
