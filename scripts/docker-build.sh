#!/usr/bin/env bash
# Builds the container image (Dockerfile) when Docker can: a running daemon that already holds the
# base image, since the build must not depend on pulling one. Otherwise it says, plainly, that it
# skipped the image build and why, and succeeds: the image is then built where it is deployed.
set -euo pipefail
cd "$(dirname "$0")/.."

base_image="$(sed -n 's/^ARG NODE_IMAGE=//p' Dockerfile)"
tag="${IMAGE_TAG:-lenwell-shop:test}"

if ! command -v docker >/dev/null 2>&1; then
  echo "SKIPPED the image build: the docker command is not installed."
  exit 0
fi
if ! docker info >/dev/null 2>&1; then
  echo "SKIPPED the image build: no Docker daemon answers (docker info failed)."
  exit 0
fi
if ! docker image inspect "$base_image" >/dev/null 2>&1; then
  echo "SKIPPED the image build: the base image $base_image is not on this machine, and this build does not pull it."
  echo "  (docker pull $base_image, then run this again)"
  exit 0
fi
# --pull=false: the base image on this machine, never a download.
docker build --pull=false -t "$tag" .
docker image inspect "$tag" --format 'Built {{.RepoTags}}: {{.Size}} bytes, user {{.Config.User}}, healthcheck {{.Config.Healthcheck.Test}}'
