# The plugin's headless test: `godot3-server --path project -s res://test/test.gd -q`
# (bindings/godot/test.sh runs it). Every method, the game_over signal, the refusals, the AI and
# the text form are checked; each check prints one line, and the last line is
# "godot: N passed, M failed". The exit code is the number of failures (capped at 100), so a
# script error that stops the run early leaves no such line for test.sh to find.
#
# TTT_GODOT_REFERENCE names a file of AI-vs-AI games played through the C library
# (tests/ai_game.c); the plugin must play the same moves to the same final text.
extends SceneTree

var passed = 0
var failed = 0
var game = null
var signals = []


func check(name, got, want):
	# str() compares Arrays and Dictionaries by content and shows both sides on failure; the
	# type must match too, so that null is not taken for 0 nor "1" for 1.
	if typeof(got) == typeof(want) and str(got) == str(want):
		passed += 1
		print("ok   ", name)
	else:
		failed += 1
		print("FAIL ", name, ": got ", str(got), " (type ", typeof(got), "), want ", str(want),
				" (type ", typeof(want), ")")


func _on_game_over(result):
	# Calls back into the object that emitted the signal: the plugin must not hold its lock.
	signals.append([result, game.winner(), game.winning_line(), game.to_move()])


func new_tictactoe():
	var script = load("res://tictactoe.gdns")
	if script == null:
		return null
	var g = script.new()
	g.connect("game_over", self, "_on_game_over")
	return g


func play_all(g, cells):
	var all_ok = true
	for cell in cells:
		all_ok = g.play(cell[0], cell[1]) and all_ok
	return all_ok


func test_new_and_sizes():
	check("a new object is an empty 3,3,3 game",
			[game.rows(), game.cols(), game.k(), game.move_count(), game.to_move()], [3, 3, 3, 0, 1])
	check("a new game is pending with no winner", [game.result(), game.winner()], [0, 0])
	check("an empty 3x3 board has 9 legal moves", game.legal_moves().size(), 9)
	check("legal moves are [row, col] row by row", game.legal_moves().slice(0, 2), [[0, 0], [0, 1], [0, 2]])
	check("new_game 15,15,5", game.new_game(15, 15, 5), true)
	check("sizes of 15,15,5", [game.rows(), game.cols(), game.k()], [15, 15, 5])
	check("new_game 7,5,4 (rows first)", game.new_game(7, 5, 4), true)
	check("a 7x5 board's last cell", game.legal_moves().back(), [6, 4])
	check("new_game refuses 0 rows", game.new_game(0, 3, 3), false)
	check("new_game refuses k past the board", game.new_game(3, 3, 4), false)
	check("new_game refuses a negative size", game.new_game(-3, 3, 3), false)
	check("new_game refuses a size past 32 bits", game.new_game(4294967296, 1, 1), false)
	check("new_game refuses a board past the cell limit", game.new_game(65536, 65536, 5), false)
	check("a refused new_game keeps the game", [game.rows(), game.cols(), game.k()], [7, 5, 4])


func test_play_and_win():
	game.new_game(3, 3, 3)
	signals.clear()
	check("play X, O, X, O", play_all(game, [[0, 0], [1, 0], [0, 1], [1, 1]]), true)
	check("X to move after four moves", game.to_move(), 1)
	check("cells read back", [game.cell(0, 0), game.cell(1, 0), game.cell(2, 2)], [1, 2, 0])
	check("moves in order", game.moves(), [[0, 0], [1, 0], [0, 1], [1, 1]])
	check("no signal before the end", signals.size(), 0)
	check("X completes the top row", game.play(0, 2), true)
	check("result X won", [game.result(), game.winner(), game.to_move()], [1, 1, 0])
	check("winning line", game.winning_line(), [[0, 0], [0, 1], [0, 2]])
	check("no legal moves once won", game.legal_moves(), [])
	check("game_over emitted once, with the handler calling back in",
			signals, [[1, 1, [[0, 0], [0, 1], [0, 2]], 0]])
	check("play refused after the end", game.play(2, 2), false)
	check("the refused move left no stone", game.cell(2, 2), 0)
	check("text of the won game", game.to_text(), "3,3,3:XXX/OO./...:O")


func test_undo_redo():
	# Continues from the won game of test_play_and_win.
	signals.clear()
	check("undo the winning move", game.undo(), true)
	check("pending again, X to move", [game.result(), game.winner(), game.to_move()], [0, 0, 1])
	check("no winning line after undo", game.winning_line(), [])
	check("redo the winning move", game.redo(), true)
	check("redo ends the game again and emits", [game.result(), signals.size()], [1, 1])
	check("nothing to redo", game.redo(), false)
	for i in range(5):
		game.undo()
	check("back to the empty board", [game.move_count(), game.to_move()], [0, 1])
	check("nothing to undo", game.undo(), false)
	check("redo all five", [game.redo(), game.redo(), game.redo(), game.redo(), game.redo()],
			[true, true, true, true, true])
	check("the redone game is the won one", game.to_text(), "3,3,3:XXX/OO./...:O")
	game.undo()
	game.play(2, 2)
	check("a new move clears the redo history", game.redo(), false)


func test_draw():
	game.new_game(3, 3, 3)
	signals.clear()
	var cells = [[0, 0], [1, 1], [2, 2], [0, 1], [2, 1], [2, 0], [0, 2], [1, 2], [1, 0]]
	check("a drawn game plays through", play_all(game, cells), true)
	check("result draw, no winner", [game.result(), game.winner(), game.to_move()], [3, 0, 0])
	check("game_over emitted with 3", signals, [[3, 0, [], 0]])
	check("no winning line in a draw", game.winning_line(), [])


func test_move_and_refusals():
	game.new_game(3, 3, 3)
	check("O may open with move", game.move(1, 1, 2), true)
	check("then X is to move", game.to_move(), 1)
	check("move refuses the wrong player", game.move(0, 0, 2), false)
	check("move refuses player 3", game.move(0, 0, 3), false)
	check("move refuses player 0", game.move(0, 0, 0), false)
	check("move refuses a cell off the board", game.move(3, 0, 1), false)
	check("move refuses a negative row", game.move(-1, 0, 1), false)
	check("play refuses an occupied cell", game.play(1, 1), false)
	check("play refuses a column off the board", game.play(0, 3), false)
	check("play refuses a column past 32 bits", game.play(0, 4294967296), false)
	check("move by the right player", game.move(0, 0, 1), true)
	check("the refusals changed nothing", game.to_text(), "3,3,3:X../.O./...:O")
	check("cell off the board is null", game.cell(3, 0), null)
	check("cell at a negative column is null", game.cell(0, -1), null)


func test_best_move():
	game.new_game(3, 3, 3)
	play_all(game, [[0, 0], [1, 0], [0, 1], [1, 1]])
	var best = game.best_move()
	check("best_move is a Dictionary", typeof(best), TYPE_DICTIONARY)
	check("best_move takes the win at once", best, {"row": 0, "col": 2, "score": 1})
	game.new_game(3, 3, 3)
	check("an empty 3x3 board is a draw", game.best_move()["score"], 0)
	game.new_game(3, 3, 3)
	play_all(game, [[0, 0], [1, 1], [0, 1]])
	check("O must block", game.best_move(), {"row": 0, "col": 2, "score": 0})
	game.new_game(15, 15, 5)
	check("15x15 is too big to solve: null", game.best_move(), null)
	game.new_game(3, 3, 3)
	play_all(game, [[0, 0], [1, 0], [0, 1], [1, 1], [0, 2]])
	check("best_move on a finished game is null", game.best_move(), null)
	check("certificate of a finished game is null", game.certificate(1000), null)
	game.new_game(4, 4, 4)
	check("best_move on two threads: a draw", game.best_move(1 << 22, 0, 2)["score"], 0)
	check("best_move within a budget", game.best_move(1 << 22)["score"], 0)
	var threaded = game.best_move(0, 0, OS.get_processor_count())
	check("best_move's threaded move is a cell", threaded["row"] < 4 and threaded["col"] < 4, true)
	check("best_move refuses negative threads", game.best_move(0, 0, -1), null)
	game.new_game(7, 7, 5)
	check("best_move past its budget is null", game.best_move(1000), null)
	check("best_move past its budget on threads is null", game.best_move(1000, 0, 2), null)
	# forced_winner_within: the player the score's sign names (player 2 may open), 0 for a draw.
	game.new_game(3, 3, 3)
	check("forced_winner_within: 3,3,3 is a draw", game.forced_winner_within(1 << 20), 0)
	game.new_game(4, 4, 3)
	check("forced_winner_within: 4,4,3 is X's", game.forced_winner_within(1 << 20), 1)
	check("forced_winner_within with a clock", game.forced_winner_within(1 << 20, 60000), 1)
	game.from_text("4,4,3:..../..../..../....:O")
	check("forced_winner_within: 4,4,3 opened by O is O's", game.forced_winner_within(1 << 20), 2)
	game.from_text("3,3,3:XX./OO./X..:O")
	check("forced_winner_within: O to move wins", game.forced_winner_within(1 << 20), 2)
	check("forced_winner_within changed nothing", game.to_text(), "3,3,3:XX./OO./X..:O")
	game.new_game(7, 7, 5)
	check("forced_winner_within past its budget is null", game.forced_winner_within(1000), null)
	check("forced_winner_within refuses no limit", game.forced_winner_within(0, 0), null)
	check("forced_winner_within refuses negative nodes", game.forced_winner_within(-1), null)
	check("forced_winner_within refuses negative millis", game.forced_winner_within(100, -1), null)
	game.from_text("3,3,3:XXX/OO./...:O")
	check("forced_winner_within on a finished game is null", game.forced_winner_within(100), null)
	game.new_game(3, 3, 3)
	play_all(game, [[0, 0], [1, 1]])
	var text = game.certificate(1 << 20)
	check("certificate is a String", typeof(text), TYPE_STRING)
	check("certificate names the position", text.begins_with("certificate 2\nposition 3,3,3:X../.O./...:X\nvalue draw\n"), true)
	check("certificate refuses 0 nodes", game.certificate(0), null)
	check("certificate past its nodes is null", game.certificate(1), null)
	check("certificate changed nothing", game.to_text(), "3,3,3:X../.O./...:X")


func test_search():
	game.new_game(3, 3, 3)
	play_all(game, [[0, 0], [1, 0], [0, 1], [1, 1]])
	check("search takes the win", game.search(1000), [0, 2])
	check("search with a time budget only", game.search(0, 50), [0, 2])
	check("search with both limits and a seed", game.search(1000, 1000, 7), [0, 2])
	check("search refuses no budget at all", game.search(0, 0), null)
	check("search refuses a negative node count", game.search(-5), null)
	check("search refuses a negative time", game.search(10, -1), null)
	check("search does not play", game.move_count(), 4)
	game.new_game(15, 15, 5)
	play_all(game, [[7, 7], [7, 8], [8, 8]])
	var a = game.search(500, 0, 3)
	check("search answers with [row, col]", [typeof(a), a.size()], [TYPE_ARRAY, 2])
	check("the same node budget and seed give the same move", game.search(500, 0, 3), a)
	check("the searched move is legal", game.legal_moves().has(a), true)
	game.new_game(3, 3, 3)
	play_all(game, [[0, 0], [1, 0], [0, 1], [1, 1], [0, 2]])
	check("search on a finished game is null", game.search(100), null)


func test_ai_move():
	game.new_game(7, 7, 5)
	play_all(game, [[3, 3], [3, 4]])
	for level in range(5):
		var m = game.ai_move(level, 11)
		check("level %d gives a legal move" % level, game.legal_moves().has(m), true)
		check("level %d repeats itself" % level, game.ai_move(level, 11), m)
	check("ai_move without a seed", game.legal_moves().has(game.ai_move(2)), true)
	check("ai_move refuses level 5", game.ai_move(5, 1), null)
	check("ai_move refuses level -1", game.ai_move(-1, 1), null)
	check("ai_move does not play", game.move_count(), 2)
	game.new_game(3, 3, 3)
	play_all(game, [[0, 0], [1, 0], [0, 1], [1, 1]])
	check("the perfect level takes the win", game.ai_move(4, 0), [0, 2])
	game.play(0, 2)
	check("ai_move on a finished game is null", game.ai_move(3, 1), null)


func test_text():
	game.new_game(3, 3, 3)
	play_all(game, [[1, 1], [0, 0]])
	var text = game.to_text()
	check("to_text", text, "3,3,3:O../.X./...:X")
	var other = new_tictactoe()
	check("from_text reads it", other.from_text(text), true)
	check("round trip", other.to_text(), text)
	check("same cells and side to move", [other.cell(1, 1), other.cell(0, 0), other.to_move()], [1, 2, 1])
	check("a loaded game has no history", [other.moves(), other.undo()], [[], false])
	check("from_text refuses garbage", other.from_text("tic tac toe"), false)
	check("from_text refuses an unreachable board", other.from_text("3,3,3:XXX/OOO/...:X"), false)
	check("from_text refuses a bad size", other.from_text("3,3,4:.../.../...:X"), false)
	check("from_text refuses a wrong cell count", other.from_text("3,3,3:..../.../...:X"), false)
	check("a refused from_text keeps the game", other.to_text(), text)
	signals.clear()
	check("from_text of a won game", other.from_text("3,3,3:XXX/OO./...:O"), true)
	check("the loaded game is won by X", [other.result(), other.winner(), other.to_move()], [1, 1, 0])
	check("its winning line", other.winning_line(), [[0, 0], [0, 1], [0, 2]])
	check("loading a won game emits nothing", signals.size(), 0)
	check("O opens: text names X next", [other.new_game(4, 4, 3), other.move(0, 0, 2), other.to_text()],
			[true, true, "4,4,3:O.../..../..../....:X"])
	var gomoku = "15,15,5:" + ".".repeat(15) + "/" + "..X.O..........".repeat(1)
	for i in range(13):
		gomoku += "/" + ".".repeat(15)
	gomoku += ":X"
	check("a 15x15 text round trip", [other.from_text(gomoku), other.to_text()], [true, gomoku])


func test_reference_games():
	var path = OS.get_environment("TTT_GODOT_REFERENCE")
	var file = File.new()
	var readable = path != "" and file.open(path, File.READ) == OK
	check("reference games from the C library are readable", readable, true)
	if not file.is_open():
		return
	var count = 0
	while not file.eof_reached():
		var line = file.get_line().strip_edges()
		if line == "":
			continue
		count += 1
		# "ROWS,COLS,K LEVEL SEED: r,c r,c ... | TEXT"
		var colon = line.find(":")
		var head = line.substr(0, colon).split(" ")
		var body = line.substr(colon + 1).split(" | ")
		var size = head[0].split(",")
		var level = int(head[1])
		var base_seed = int(head[2])
		var g = new_tictactoe()
		g.new_game(int(size[0]), int(size[1]), int(size[2]))
		var moves = []
		while g.to_move() != 0 and moves.size() <= g.rows() * g.cols():
			var m = g.ai_move(level, base_seed + moves.size())
			if m == null or not g.play(m[0], m[1]):
				break
			moves.append("%d,%d" % [m[0], m[1]])
		var name = "AI vs AI %s as in C" % head.join(" ")
		check(name + ": moves", PoolStringArray(moves).join(" "), body[0].strip_edges())
		check(name + ": final text", g.to_text(), body[1].strip_edges())
	file.close()
	check("reference games compared", count >= 3, true)


func _init():
	game = new_tictactoe()
	check("the plugin loads", game != null, true)
	if game != null:
		test_new_and_sizes()
		test_play_and_win()
		test_undo_redo()
		test_draw()
		test_move_and_refusals()
		test_best_move()
		test_search()
		test_ai_move()
		test_text()
		test_reference_games()
		load("res://test/batch.gd").new().run(self)
	print("godot: %d passed, %d failed" % [passed, failed])
	OS.exit_code = min(failed, 100)
	quit(OS.exit_code)
