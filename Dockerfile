# syntax=docker/dockerfile:1
# Production image: build with dev dependencies, run with production ones only.
FROM node:20-bookworm-slim AS deps
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
# build/staff.mjs, keys-reseal.mjs, migrate.mjs and jobs.mjs: `npm run staff`, `npm run keys:reseal`,
# `npm run migrate` and `npm run jobs` in the image (docker exec <container> npm run staff -- add …),
# no tsx needed
RUN npx remix build && npm run build:commands && npm prune --omit=dev

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production APP_ENV=production PORT=3000 DATABASE_URL=file:/data/app.db
# Behind a load balancer, name it so its X-Forwarded-For is believed, e.g. TRUST_PROXY=10.0.0.0/8 (docs/decisions/010).
ENV TRUST_PROXY=""
# PAYMENT_GATEWAY is deliberately not set here: the image refuses to start until the operator names it
# (`-e PAYMENT_GATEWAY=sandbox`, the only gateway so far: a test shop that takes no real payments and
# says so on every page; docs/decisions/063). The first start seeds no demo account (decision 062).
WORKDIR /app
RUN groupadd --system shop && useradd --system --gid shop --home /app shop && mkdir /data && chown shop:shop /data
COPY --from=build --chown=shop:shop /app/package.json ./package.json
COPY --from=build --chown=shop:shop /app/node_modules ./node_modules
COPY --from=build --chown=shop:shop /app/build ./build
COPY --from=build --chown=shop:shop /app/public ./public
# The server's own plain-ESM modules (start.mjs, server.mjs and what they import); no build step runs them.
# tests/e2e/docker-runtime.spec.ts lays out exactly these COPY lines and starts the CMD.
COPY --from=build --chown=shop:shop /app/app/bin ./app/bin
COPY --from=build --chown=shop:shop /app/app/security/redact.mjs ./app/security/
COPY --from=build --chown=shop:shop /app/app/log/logger.mjs /app/app/log/settings.mjs ./app/log/
USER shop
VOLUME ["/data"]
EXPOSE 3000
# Migrations and the first seed run when the server module loads, unless MIGRATE_ON_START=0 leaves
# them to `npm run migrate` (several instances: README "Running several instances").
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "app/bin/start.mjs"]
