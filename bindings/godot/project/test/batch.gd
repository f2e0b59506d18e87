# The checks of TicTacToeBatch and of TicTacToe.threat_win, run by test.gd (which passes itself
# for its check()): a batch agrees after every step with the same games played through
# TicTacToe (results, auto-reset, planes from the side to move, masks, game(i)), a refused step
# changes no game and names the first bad game, random_moves repeats for a seed.
extends Reference

var t = null


func new_batch():
	return load("res://tictactoe_batch.gdns").new()


func new_game(rows, cols, k):
	var g = load("res://tictactoe.gdns").new()
	g.new_game(rows, cols, k)
	return g


func run(tester):
	t = tester
	var b = new_batch()
	t.check("TicTacToeBatch loads", b != null, true)
	if b == null:
		return
	test_defaults(b)
	test_agrees_with_games()
	test_auto_reset_and_planes()
	test_refusals()
	test_random_moves()
	test_threads()
	test_threat_win()


# An empty cell of each game of `mask`: game i's first empty cell from (i * spread + shift) on,
# counting round the board.
func empty_cells(mask, count, cells, spread, shift):
	var actions = PoolIntArray()
	for i in range(count):
		var c = (i * spread + shift) % cells
		while mask[i * cells + c] == 0:
			c = (c + 1) % cells
		actions.append(c)
	return actions


func test_defaults(b):
	t.check("a new batch is one 3,3,3 game", [b.count(), b.rows(), b.cols(), b.k()], [1, 3, 3, 3])
	t.check("new_batch 6 games of 4,4,3", b.new_batch(6, 4, 4, 3, 1), true)
	t.check("its sizes", [b.count(), b.rows(), b.cols(), b.k()], [6, 4, 4, 3])
	t.check("planes are count * 2 * rows * cols bytes", b.observe().size(), 192)
	t.check("masks are count * rows * cols bytes", b.legal_mask().size(), 96)


func test_agrees_with_games():
	var count = 6
	var cells = 16
	var b = new_batch()
	b.new_batch(count, 4, 4, 3, 1)
	var games = []
	for i in range(count):
		games.append(new_game(4, 4, 3))
	var mismatches = []
	var ends = 0
	for step in range(80):
		var mask = b.legal_mask()
		var actions = empty_cells(mask, count, cells, 5, step * 3)
		var results = b.step(actions)
		var planes = b.observe()
		mask = b.legal_mask()
		for i in range(count):
			var g = games[i]
			g.play(actions[i] / 4, actions[i] % 4)
			if results[i] != g.result():
				mismatches.append("step %d game %d: result %d, want %d" % [step, i, results[i], g.result()])
			if g.result() != 0:
				g.new_game(4, 4, 3)  # auto-reset: the batch's game starts again
				ends += 1
			var mover = g.to_move()
			for c in range(cells):
				var stone = g.cell(c / 4, c % 4)
				var want = [1 if stone == mover else 0, 1 if stone != 0 and stone != mover else 0, 1 if stone == 0 else 0]
				var got = [planes[i * 2 * cells + c], planes[i * 2 * cells + cells + c], mask[i * cells + c]]
				if got != want:
					mismatches.append("step %d game %d cell %d: %s, want %s" % [step, i, c, str(got), str(want)])
			var copy = b.game(i)
			if copy.to_text() != g.to_text():
				mismatches.append("step %d game %d: copy %s, want %s" % [step, i, copy.to_text(), g.to_text()])
	t.check("80 steps of 6 games agree with TicTacToe games", mismatches.slice(0, 2), [])
	t.check("some games ended and started again", ends > 0, true)


func test_auto_reset_and_planes():
	var b = new_batch()  # one 3,3,3 game
	var got = []
	for a in [0, 3, 1, 4, 2]:  # X 0, O 3, X 1, O 4, X 2: X's top row
		got.append(b.step(PoolIntArray([a]))[0])
		if a == 0:
			# O to move: O has no stone (plane 0), X's stone on cell 0 is the opponent's.
			t.check("planes are the side to move's", Array(b.observe()),
					[0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0])
	t.check("results of a won game", got, [0, 0, 0, 0, 1])
	t.check("the won game starts again", Array(b.legal_mask()), [1, 1, 1, 1, 1, 1, 1, 1, 1])
	t.check("game(0) is empty again", b.game(0).to_text(), "3,3,3:.../.../...:X")


func test_refusals():
	var b = new_batch()
	b.new_batch(3, 3, 3, 3)
	b.step(PoolIntArray([4, 4, 4]))
	var before = b.observe()
	t.check("step refuses an occupied cell", b.step(PoolIntArray([0, 4, 1])), null)
	t.check("bad_game names game 1", b.bad_game(), 1)
	t.check("step refuses a cell off the board", b.step(PoolIntArray([0, 1, 9])), null)
	t.check("bad_game names game 2", b.bad_game(), 2)
	t.check("step refuses a negative cell", b.step(PoolIntArray([-1, 1, 2])), null)
	t.check("bad_game names game 0", b.bad_game(), 0)
	t.check("refused steps change no game", b.observe(), before)
	t.check("step refuses too few actions", b.step(PoolIntArray([0, 1])), null)
	t.check("game refuses index 3 of 3", b.game(3), null)
	t.check("game refuses a negative index", b.game(-1), null)
	t.check("random_moves refuses a negative count", b.random_moves(-1), null)
	t.check("new_batch refuses 0 games", b.new_batch(0, 3, 3, 3), false)
	t.check("new_batch refuses k past the board", b.new_batch(2, 3, 3, 4), false)
	t.check("a refused new_batch keeps the batch", [b.count(), b.observe()], [3, before])
	t.check("a played step clears bad_game", [b.step(PoolIntArray([0, 1, 2])) != null, b.bad_game()], [true, -1])


func test_random_moves():
	var a = new_batch()
	var b = new_batch()
	var c = new_batch()
	a.new_batch(300, 7, 7, 5, 9)
	b.new_batch(300, 7, 7, 5, 9)
	c.new_batch(300, 7, 7, 5, 10)
	var sa = a.random_moves(30, 1)
	t.check("random_moves counts its moves", sa["moves"], 9000)
	t.check("the same seed on one thread and on one per core", b.random_moves(30), sa)
	c.random_moves(30, 2)
	t.check("the same games", a.observe() == b.observe(), true)
	t.check("another seed, other games", a.observe() == c.observe(), false)
	a.reset()
	t.check("reset empties every game", Array(a.legal_mask()).has(0), false)


# A batch big enough to be split in two: the same results, the same first bad game, no game
# changed by a refused step, the same observations. A call splits from 2^22 cells a thread
# (CELLS_PER_THREAD in src/batch/lanes.rs), so from 2 * 2^22 / 225 = 37,283 games of 15x15.
func test_threads():
	var cells = 225
	var count = 2 * (1 << 22) / cells + 17
	var one = new_batch()
	var two = new_batch()
	one.new_batch(count, 15, 15, 5)
	two.new_batch(count, 15, 15, 5)
	t.check("one thread by default", two.threads(), 1)
	t.check("set_threads 2", [two.set_threads(2), two.threads()], [true, 2])
	t.check("set_threads refuses a negative count", two.set_threads(-1), false)
	var differ = []
	for step in range(4):
		var mask = one.legal_mask()
		if two.legal_mask() != mask:
			differ.append("masks at step %d" % step)
		var actions = empty_cells(mask, count, cells, 31, step * 13)
		if step == 2:
			var bad = PoolIntArray(actions)
			bad[count - 7] = 225
			bad[count - 3] = 226
			var before = two.observe()
			t.check("a split step refuses the first bad game", [two.step(bad), two.bad_game()], [null, count - 7])
			t.check("a refused split step changes no game", two.observe() == before, true)
		if one.step(actions) != two.step(actions):
			differ.append("results at step %d" % step)
		if one.observe() != two.observe():
			differ.append("observations at step %d" % step)
	t.check("two threads give what one gives", differ, [])


func test_threat_win():
	# X: (7,5) (7,6) (7,7), open at both ends, O far away; X to move makes an open four.
	var g = new_game(15, 15, 5)
	for m in [[7, 5], [0, 0], [7, 6], [0, 2], [7, 7], [0, 4]]:
		g.play(m[0], m[1])
	var win = g.threat_win(10000)
	t.check("threat_win of an open three: an open four", win != null and win["row"] == 7 and (win["col"] == 4 or win["col"] == 8), true)
	t.check("threat_win's plies", win["plies"] if win != null else -1, 3)
	t.check("threat_win repeats itself", g.threat_win(10000), win)
	t.check("threat_win refuses a budget of 0", g.threat_win(0), null)
	t.check("threat_win does not play", g.move_count(), 6)
	g.undo()
	g.undo()
	g.undo()
	t.check("O to move has no threat win", g.threat_win(10000), null)
	var over = new_game(3, 3, 3)
	for m in [[0, 0], [1, 0], [0, 1], [1, 1], [0, 2]]:
		over.play(m[0], m[1])
	t.check("threat_win on a finished game is null", over.threat_win(100), null)
