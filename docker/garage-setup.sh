#!/bin/sh
# One-shot setup of the Garage node for the site, safe to run again: a layout for the single node, the bucket,
# the app's own key (read and write on that bucket only, never admin), and the bucket's CORS rule so browsers
# can PUT and GET through presigned URLs from PUBLIC_URL.
set -eu
g() { garage -c /etc/garage.toml "$@"; }

until g status >/dev/null 2>&1; do sleep 1; done
if g status | grep -q 'NO ROLE ASSIGNED'; then
  g layout assign -z dc1 -c "${GARAGE_CAPACITY:-100G}" "$(g node id -q | cut -d@ -f1)"
  g layout apply --version 1
fi

g bucket info "$S3_BUCKET" >/dev/null 2>&1 || g bucket create "$S3_BUCKET"
g key info "$S3_ACCESS_KEY_ID" >/dev/null 2>&1 || g key import --yes -n site-app "$S3_ACCESS_KEY_ID" "$S3_SECRET_ACCESS_KEY"
g bucket allow --read --write "$S3_BUCKET" --key "$S3_ACCESS_KEY_ID"

# CORS is set through the S3 API, which needs the bucket's owner: a throwaway key, deleted right after.
setup_id="GK$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')"
setup_secret="$(od -An -N32 -tx1 /dev/urandom | tr -d ' \n')"
g key import --yes -n site-setup "$setup_id" "$setup_secret"
trap 'g key delete --yes "$setup_id" >/dev/null' EXIT
g bucket allow --owner "$S3_BUCKET" --key "$setup_id"
AWS_ACCESS_KEY_ID="$setup_id" AWS_SECRET_ACCESS_KEY="$setup_secret" \
  aws --endpoint-url http://garage:3900 --region garage s3api put-bucket-cors --bucket "$S3_BUCKET" \
  --cors-configuration "{\"CORSRules\":[{\"AllowedOrigins\":[\"$PUBLIC_URL\"],\"AllowedMethods\":[\"GET\",\"PUT\",\"HEAD\"],\"AllowedHeaders\":[\"*\"],\"ExposeHeaders\":[\"ETag\"],\"MaxAgeSeconds\":3600}]}"
echo "garage ready: bucket $S3_BUCKET, key $S3_ACCESS_KEY_ID (read, write), CORS for $PUBLIC_URL"
