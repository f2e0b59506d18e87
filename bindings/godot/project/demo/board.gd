# A board you can click, with an AI reply: the demo scene of the TicTacToe plugin.
#
# You play X with the mouse; the AI answers as O. Keys: 1, 2, 3 choose the board (3,3,3 /
# 7,7,5 / 15,15,5), L the AI level, U undoes your last move (and the reply), N starts again.
#
# `godot3-runner --path project -- --selftest OUT.png [ROWS COLS K]` plays a human move
# through a synthetic mouse click, then the AI against itself to the end, saves a screenshot
# and checks every cell's pixels against the game (see selftest()).
extends Control

const TicTacToe = preload("res://tictactoe.gdns")

const BOARDS = [[3, 3, 3], [7, 7, 5], [15, 15, 5]]
const LEVEL_NAMES = ["random", "easy", "medium", "hard", "perfect"]
const STATUS_HEIGHT = 40.0
# Each cell is filled with the colour of its state; the marks are drawn in MARK_COLOR inside
# the middle of the cell and stay clear of its lowest tenth, where the self-test reads the fill.
const EMPTY_COLOR = Color(0.98, 0.97, 0.93)
const X_COLOR = Color(0.80, 0.20, 0.15)
const O_COLOR = Color(0.15, 0.35, 0.75)
const WIN_COLOR = Color(0.95, 0.75, 0.10)
const MARK_COLOR = Color(1, 1, 1)
const GRID_COLOR = Color(0.35, 0.33, 0.30)

export var human = 1  # the player the mouse moves for: 1 (X) or 2 (O)
export var ai_level = 3  # 0 random .. 4 perfect
export var ai_delay = 0.25  # seconds before the AI replies, so that the human move is seen

var game = TicTacToe.new()
var games_started = 0
var ai_pending = false

onready var status_label = $Status


func _ready():
	game.connect("game_over", self, "_on_game_over")
	var args = Array(OS.get_cmdline_args())
	var at = args.find("--selftest")
	if at >= 0:
		selftest(args.slice(at + 1, args.size() - 1))
	else:
		start(BOARDS[0])


func start(size):
	game.new_game(size[0], size[1], size[2])
	games_started += 1
	ai_pending = false
	show_status()
	update()


func show_status(text = ""):
	if text == "":
		var who = "your move" if game.to_move() == human else "AI thinking"
		text = "%d,%d,%d  %s  AI: %s   [1 2 3] board  [L] level  [U] undo  [N] new" % [
			game.rows(), game.cols(), game.k(), who, LEVEL_NAMES[ai_level]]
	status_label.text = text


# The board's square: its top-left corner and the side of one cell, in this Control's pixels.
func geometry():
	var side = min(rect_size.x / game.cols(), (rect_size.y - STATUS_HEIGHT) / game.rows())
	var board = Vector2(game.cols(), game.rows()) * side
	var origin = (Vector2(rect_size.x, rect_size.y - STATUS_HEIGHT) - board) / 2
	return [origin, side]


# The point at fractions (fx, fy) of cell (row, col), 0 to 1 from its top-left corner.
func cell_point(row, col, fx = 0.5, fy = 0.5):
	var g = geometry()
	return g[0] + Vector2(col + fx, row + fy) * g[1]


# The cell [row, col] under a point, or null off the board.
func cell_at(point):
	var g = geometry()
	var p = (point - g[0]) / g[1]
	var row = int(floor(p.y))
	var col = int(floor(p.x))
	if row < 0 or col < 0 or row >= game.rows() or col >= game.cols():
		return null
	return [row, col]


# The cells of the winning line, as "row,col" keys.
func winning_cells():
	var cells = {}
	for cell in game.winning_line():
		cells["%d,%d" % cell] = true
	return cells


func _draw():
	var g = geometry()
	var side = g[1]
	var winning = winning_cells()
	draw_rect(Rect2(g[0], Vector2(game.cols(), game.rows()) * side), GRID_COLOR)
	var gap = max(1.0, side * 0.04)
	for row in range(game.rows()):
		for col in range(game.cols()):
			var stone = game.cell(row, col)
			var fill = [EMPTY_COLOR, X_COLOR, O_COLOR][stone]
			if winning.has("%d,%d" % [row, col]):
				fill = WIN_COLOR
			var corner = cell_point(row, col, 0, 0)
			draw_rect(Rect2(corner + Vector2(gap, gap) / 2, Vector2(side - gap, side - gap)), fill)
			var width = max(1.0, side * 0.08)
			if stone == 1:
				draw_line(cell_point(row, col, 0.25, 0.2), cell_point(row, col, 0.75, 0.7), MARK_COLOR, width)
				draw_line(cell_point(row, col, 0.75, 0.2), cell_point(row, col, 0.25, 0.7), MARK_COLOR, width)
			elif stone == 2:
				draw_arc(cell_point(row, col, 0.5, 0.45), side * 0.25, 0, TAU, 32, MARK_COLOR, width)


func _gui_input(event):
	if event is InputEventMouseButton and event.pressed and event.button_index == BUTTON_LEFT:
		var cell = cell_at(event.position)
		if cell != null and game.to_move() == human and not ai_pending:
			if game.play(cell[0], cell[1]):
				after_move()


func _unhandled_key_input(event):
	if not event.pressed:
		return
	match event.scancode:
		KEY_1, KEY_2, KEY_3:
			start(BOARDS[event.scancode - KEY_1])
		KEY_N:
			start([game.rows(), game.cols(), game.k()])
		KEY_L:
			ai_level = (ai_level + 1) % LEVEL_NAMES.size()
			show_status()
		KEY_U:
			if not ai_pending and game.move_count() > 0:
				# Back to the human's previous turn: the AI's reply, then the human's move.
				game.undo()
				while game.to_move() != human and game.move_count() > 0:
					game.undo()
				show_status()
				update()


func after_move():
	update()
	if game.to_move() != 0 and game.to_move() != human:
		show_status()
		ai_pending = true
		yield(get_tree().create_timer(ai_delay), "timeout")
		ai_reply()


func ai_reply():
	ai_pending = false
	if game.to_move() == 0 or game.to_move() == human:
		return
	# A new seed for every move and game, so that the same position need not get the same reply.
	var m = game.ai_move(ai_level, games_started * 1000 + game.move_count())
	if m != null:
		game.play(m[0], m[1])
	after_move()
	if game.to_move() == human:
		show_status()


func _on_game_over(result):
	var text = ["", "X wins", "O wins", "Draw"][result]
	show_status("%s  [N] new game  [1 2 3] board" % text)
	update()


# --- Self-test: a screenshot checked against the game ---------------------------------------

var checks_passed = 0
var checks_failed = 0


func expect(name, ok):
	if ok:
		checks_passed += 1
	else:
		checks_failed += 1
		printerr("selftest FAIL ", name)


func colour_near(got, want):
	return abs(got.r - want.r) < 0.06 and abs(got.g - want.g) < 0.06 and abs(got.b - want.b) < 0.06


# A left click at the centre of cell [row, col], through Input as a real one comes.
func click_cell(cell):
	var click = InputEventMouseButton.new()
	click.button_index = BUTTON_LEFT
	click.pressed = true
	click.position = get_global_transform().xform(cell_point(cell[0], cell[1]))
	click.global_position = click.position
	Input.parse_input_event(click)
	var release = click.duplicate()
	release.pressed = false
	Input.parse_input_event(release)


func selftest(args):
	if args.size() < 1:
		printerr("usage: -- --selftest OUT.png [ROWS COLS K]")
		get_tree().quit(2)
		return
	var out = args[0]
	# --path makes the project the working folder: a relative path is taken from where the
	# command was run, as the shell gives it in PWD.
	if out.is_rel_path() and OS.get_environment("PWD") != "":
		out = OS.get_environment("PWD").plus_file(out)
	var size = [15, 15, 5]
	if args.size() >= 4:
		size = [int(args[1]), int(args[2]), int(args[3])]
	ai_delay = 0.0
	start(size)
	yield(get_tree(), "idle_frame")

	# A human move through the engine's input path: a click at a cell's centre, off the
	# diagonal so that a mapping with rows and columns swapped would miss it. The AI replies,
	# U (a key event) takes both moves back, and a second click plays the move again.
	var target = [size[0] / 2, max(0, size[1] / 2 - 1)]
	click_cell(target)
	yield(get_tree(), "idle_frame")
	while ai_pending:
		yield(get_tree(), "idle_frame")
	expect("the AI replied to the click", game.move_count() == 2 or game.to_move() == 0)
	var key = InputEventKey.new()
	key.scancode = KEY_U
	key.pressed = true
	Input.parse_input_event(key)
	yield(get_tree(), "idle_frame")
	expect("U took the moves back", game.move_count() == 0 and game.to_move() == human)
	click_cell(target)
	yield(get_tree(), "idle_frame")
	expect("the click put X on the cell under it", game.cell(target[0], target[1]) == 1)
	expect("the click made the first move", game.move_count() >= 1 and str(game.moves()[0]) == str(target))

	# The AI plays both sides to the end (it answers the human move by itself).
	var guard = size[0] * size[1] + 1
	while game.to_move() != 0 and guard > 0:
		guard -= 1
		if game.to_move() == human:
			var m = game.ai_move(ai_level, game.move_count())
			game.play(m[0], m[1])
			after_move()
		else:
			yield(get_tree(), "idle_frame")
	expect("the game ended", game.result() != 0)
	update()
	# Two frames: one to draw the final board, one for it to reach the screen texture.
	yield(get_tree(), "idle_frame")
	yield(get_tree(), "idle_frame")

	var shot = get_viewport().get_texture().get_data()
	shot.flip_y()
	expect("the screenshot was saved", shot.save_png(out) == OK)
	var image = Image.new()
	expect("the screenshot reads back", image.load(out) == OK)
	if image.is_empty():
		image = shot
	image.lock()
	var winning = winning_cells()
	var counts = [0, 0, 0, 0]
	for row in range(game.rows()):
		for col in range(game.cols()):
			var stone = game.cell(row, col)
			var want = [EMPTY_COLOR, X_COLOR, O_COLOR][stone]
			if winning.has("%d,%d" % [row, col]):
				want = WIN_COLOR
			var p = get_global_transform().xform(cell_point(row, col, 0.5, 0.9))
			var got = image.get_pixelv(p.floor())
			counts[3 if winning.has("%d,%d" % [row, col]) else stone] += 1
			expect("cell %d,%d: want %s, got %s" % [row, col, want, got], colour_near(got, want))
	image.unlock()
	print("selftest %d,%d,%d: %s, %d moves; cells empty %d, X %d, O %d, winning %d" % [
		size[0], size[1], size[2], ["", "X won", "O won", "draw"][game.result()], game.move_count(),
		counts[0], counts[1], counts[2], counts[3]])
	print("selftest: %d passed, %d failed" % [checks_passed, checks_failed])
	OS.exit_code = 0 if checks_failed == 0 else 1
	get_tree().quit(OS.exit_code)
