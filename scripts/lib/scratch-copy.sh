# Sourced by scripts/smoke-node22.sh and scripts/production-install.sh.
# copy_worktree DIR: the checkout's files as git sees them (tracked, and new files not ignored:
# no node_modules, build or data), uncommitted changes included, into DIR.
copy_worktree() {
  local target="$1"
  mkdir -p "$target"
  git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' file; do
    [ -e "$file" ] && printf '%s\0' "$file"
  done | tar --null -T - -cf - | tar -xf - -C "$target"
}

# seconds since the script started, for the log
elapsed() { echo "$((SECONDS))s"; }
