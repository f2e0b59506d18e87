# Sourced by test.sh and one_game.sh: the environment Godot runs in. `godot_env DIR` keeps
# Godot's user data, settings and cache under DIR (in target/), created beforehand because
# Godot 3.2 makes only the last folder of its log path, and names a locale Godot knows.
godot_env() {
  export XDG_DATA_HOME="$1/data" XDG_CONFIG_HOME="$1/config" XDG_CACHE_HOME="$1/cache"
  export LANG=en_US.UTF-8
  mkdir -p "$XDG_DATA_HOME/godot/app_userdata/TicTacToe GDNative" "$XDG_CONFIG_HOME" "$XDG_CACHE_HOME"
}
