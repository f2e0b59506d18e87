#!/usr/bin/env bash
# The Unity package (org.tictactoe.tictactoe-VERSION.tgz), in the layout Unity's package
# manager reads ("Add package from tarball"; a registry serves the same tarball):
#
#   package/package.json                 bindings/csharp/unity/package.json
#   package/Runtime/TicTacToe.asmdef     the binding's assembly (bindings/csharp/unity/)
#   package/Runtime/*.cs                 the binding's sources (bindings/csharp/src)
#   package/Plugins/x86_64/libtictactoe.so   the library, with the import settings that give
#                                        it to the Linux x86_64 editor and players only
#
# Every file and folder has its .meta, as Unity wants in a read-only package; each GUID is
# derived from the file's path, so that it stays the same from one release to the next.
set -euo pipefail
. "$(dirname "$0")/common.sh"
need tar md5sum
src="$root/bindings/csharp"
name="$(sed -n 's/^  "name": "\(.*\)",$/\1/p' "$src/unity/package.json")"
stage="$work/unity"
p="$stage/package"
rm -rf "$stage"
mkdir -p "$p/Runtime" "$p/Plugins/x86_64"
cp "$src/unity/package.json" "$src/README.md" "$p/"
cp "$root/LICENSE-MIT" "$root/LICENSE-APACHE" "$p/"
cp "$src/unity/TicTacToe.asmdef" "$src"/src/*.cs "$p/Runtime/"
cp "$lib" "$p/Plugins/x86_64/libtictactoe.so"

guid() { printf '%s' "$name/$1" | md5sum | cut -c1-32; }
# meta PATH IMPORTER-LINES: writes PATH.meta (PATH relative to the package folder).
meta() {
  { printf 'fileFormatVersion: 2\nguid: %s\n' "$(guid "$1")"; cat; } >"$p/$1.meta"
}
plain() {
  printf '%s:\n  externalObjects: {}\n  userData: \n  assetBundleName: \n  assetBundleVariant: \n' "$1"
}
for f in Runtime Plugins Plugins/x86_64; do { echo "folderAsset: yes"; plain DefaultImporter; } | meta "$f"; done
for f in package.json README.md LICENSE-MIT LICENSE-APACHE; do plain TextScriptImporter | meta "$f"; done
plain AssemblyDefinitionImporter | meta Runtime/TicTacToe.asmdef
for f in "$p"/Runtime/*.cs; do
  printf 'MonoImporter:\n  externalObjects: {}\n  serializedVersion: 2\n  defaultReferences: []\n  executionOrder: 0\n  icon: {instanceID: 0}\n  userData: \n  assetBundleName: \n  assetBundleVariant: \n' |
    meta "Runtime/$(basename "$f")"
done
meta Plugins/x86_64/libtictactoe.so <<'META'
PluginImporter:
  externalObjects: {}
  serializedVersion: 2
  iconMap: {}
  executionOrder: {}
  defineConstraints: []
  isPreloaded: 0
  isOverridable: 0
  isExplicitlyReferenced: 0
  validateReferences: 1
  platformData:
  - first:
      : Any
    second:
      enabled: 0
      settings:
        Exclude Editor: 0
        Exclude Linux64: 0
        Exclude OSXUniversal: 1
        Exclude Win: 1
        Exclude Win64: 1
  - first:
      Editor: Editor
    second:
      enabled: 1
      settings:
        CPU: x86_64
        DefaultValueInitialized: true
        OS: Linux
  - first:
      Standalone: Linux64
    second:
      enabled: 1
      settings:
        CPU: x86_64
  - first:
      Standalone: OSXUniversal
    second:
      enabled: 0
      settings:
        CPU: None
  - first:
      Standalone: Win64
    second:
      enabled: 0
      settings:
        CPU: None
  userData: 
  assetBundleName: 
  assetBundleVariant: 
META
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$SOURCE_DATE_EPOCH" \
  -C "$stage" -czf "$out/$name-$version.tgz" package
echo "built $out/$name-$version.tgz"
