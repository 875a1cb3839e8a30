#!/usr/bin/env bash
# Refreshes the console's screenshots in docs/console/: the browser tests take them with
# playwright (test-artifacts/console/), on real data; this keeps the ones docs/console.md shows.
set -euo pipefail
cd "$(dirname "$0")/.."
npx jest test/browser/sign-in.test.ts test/browser/funnel-pages.test.ts \
  test/browser/items-and-syncs.test.ts \
  test/browser/funnel-editor.test.ts test/browser/funnel-editor-guides.test.ts \
  test/browser/settings-pages.test.ts \
  test/browser/preview-and-replay.test.ts test/browser/export-pages.test.ts \
  test/browser/people-sign-in.test.ts test/browser/users-roles.test.ts
mkdir -p docs/console
for name in sign-in funnels-with-edit history request-failed funnel-editor funnel-editor-errors \
  funnel-editor-suggestions funnel-editor-all-errors funnel-editor-first-request \
  funnel-editor-narrow funnel-editor-wide \
  items item item-deleted history-by-identifier syncs-dry-run syncs \
  content-types content-type-editor tokens tokens-weaker users funnel-preview history-replay \
  request-replayed exports export-editor-errors export-created export export-deliveries \
  export-weaker invitation users-invitation users-created-invitation users-refused-once; do
  cp "test-artifacts/console/$name.png" "docs/console/$name.png"
done
