#!/bin/sh
# npm run serve: the precompiled server (decision 030), its node flags chosen here. Where the shop has one core,
# V8's collector works on the main thread (decision 091): its helper threads would share that core with the
# requests and hold them back in episodes of 100-150 ms. On every host V8 allocates each request's objects young
# (decision 093): its pretenuring put them in the old generation, and every answer read from the database
# stayed there until a full collection. Extra node flags may follow; SERVER_MAIN names another build.
set -e
gc=
if [ "$(nproc)" = 1 ]; then gc=--single-threaded-gc; fi
exec node $gc --no-allocation-site-pretenuring --enable-source-maps "$@" "${SERVER_MAIN:-dist/server/main.js}"
