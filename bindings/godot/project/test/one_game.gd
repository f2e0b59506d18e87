# The game of tests/one_game.sh through the plugin: 15,15,5, the side to move plays
# ai_move(3, 1000 + ply) until the game ends; the transcript goes to $TTT_ONE_GAME_OUT
# (bindings/godot/one_game.sh prints it). Exit code 1 on any failure.
extends SceneTree


func _init():
	var out = File.new()
	if out.open(OS.get_environment("TTT_ONE_GAME_OUT"), File.WRITE) != OK:
		printerr("one_game.gd: cannot write TTT_ONE_GAME_OUT")
		quit(1)
		return
	var game = load("res://tictactoe.gdns").new()
	var level = 3
	game.new_game(15, 15, 5)
	out.store_string("game %d %d %d level %d\n" % [game.rows(), game.cols(), game.k(), level])
	var ply = 0
	while game.result() == 0:
		var m = game.ai_move(level, 1000 + ply)
		if m == null or not game.play(m[0], m[1]):
			printerr("one_game.gd: the AI's move was refused at ply ", ply)
			out.close()
			quit(1)
			return
		out.store_string("%d %d %d\n" % [ply, m[0], m[1]])
		ply += 1
	out.store_string("text %s\n" % game.to_text())
	out.store_string("result %s\n" % ["Pending", "A", "B", "Draw"][game.result()])
	out.close()
	quit(0)
