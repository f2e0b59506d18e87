"""Game: every method and property, every error path, closing, copying and pickling."""

import copy
import pickle
from decimal import Decimal
from fractions import Fraction

import pytest
import tictactoe
from tictactoe import Game


def test_new_game_state():
    with Game() as game:
        assert (game.rows, game.cols, game.k) == (3, 3, 3)
        assert game.result == "Pending"
        assert game.winner == 0
        assert game.to_move == 1
        assert game.first_player == 1
        assert game.moves == []
        assert game.move_count == 0
        assert game.winning_line == []
        assert game.legal_moves == [(r, c) for r in range(3) for c in range(3)]
        assert game.board == ["...", "...", "..."]
        assert game.to_text() == "3,3,3:.../.../...:X"


def test_non_square_game():
    game = Game(rows=2, cols=5, k=4)
    assert (game.rows, game.cols, game.k) == (2, 5, 4)
    for col in range(4):
        game.play(0, col)
        if col < 3:
            game.play(1, col)
    assert game.result == "A"
    assert game.winning_line == [(0, 0), (0, 1), (0, 2), (0, 3)]
    assert game.board == ["XXXX.", "OOO.."]


def test_play_alternates_and_returns_the_result():
    game = Game()
    assert game.play(1, 1) == "Pending"
    assert game.to_move == 2
    assert game.cell(1, 1) == 1 and game[1, 1] == 1
    assert game.play(0, 0) == "Pending"
    assert game[0, 0] == 2
    assert game.moves == [(1, 1), (0, 0)]
    assert game.move_count == 2
    assert (0, 0) not in game.legal_moves and len(game.legal_moves) == 7


def test_play_to_a_draw():
    game = Game()
    for row, col in [(0, 0), (1, 1), (2, 0), (1, 0), (1, 2), (2, 1), (0, 1), (0, 2)]:
        assert game.play(row, col) == "Pending"
    assert game.play(2, 2) == "Draw"
    assert (game.result, game.winner, game.to_move) == ("Draw", 0, 0)
    assert game.legal_moves == []


def test_winner_b_and_winning_line():
    game = Game()
    for row, col in [(0, 0), (1, 1), (0, 1), (0, 2), (1, 0), (2, 0)]:
        game.play(row, col)
    assert (game.result, game.winner, game.to_move) == ("B", 2, 0)
    assert game.winning_line == [(0, 2), (1, 1), (2, 0)]  # the anti-diagonal, end to end


def test_player_two_may_open_with_move():
    game = Game()
    assert game.move(1, 1, 2) == 0
    assert game.first_player == 2
    assert game.to_move == 1
    assert game.board == ["...", ".O.", "..."]
    assert game.to_text() == "3,3,3:.../.O./...:X"


@pytest.mark.parametrize(
    "setup, args, error",
    [
        ([], (3, 0, 1), tictactoe.OutOfBounds),
        ([], (0, 3, 1), tictactoe.OutOfBounds),
        ([(0, 0, 1)], (0, 0, 2), tictactoe.CellOccupied),
        ([(0, 0, 1)], (1, 1, 1), tictactoe.WrongTurn),
        ([(0, 0, 1), (1, 0, 2), (0, 1, 1), (1, 1, 2), (0, 2, 1)], (2, 2, 2), tictactoe.GameOver),
        ([], (0, 0, 3), tictactoe.InvalidArgument),
        ([], (0, 0, 0), tictactoe.InvalidArgument),
    ],
)
def test_move_errors_leave_the_game_unchanged(setup, args, error):
    game = Game()
    for move in setup:
        game.move(*move)
    before = (game.to_text(), game.moves, game.result)
    with pytest.raises(error) as caught:
        game.move(*args)
    assert caught.value.status == error.STATUS
    assert (game.to_text(), game.moves, game.result) == before


def test_illegal_move_family_and_builtin_bases():
    game = Game()
    game.play(0, 0)
    with pytest.raises(tictactoe.IllegalMove):
        game.play(0, 0)
    with pytest.raises(IndexError):  # OutOfBounds is also an IndexError
        game.play(0, 9)
    with pytest.raises(tictactoe.Error) as caught:
        game.play(9, 0)
    assert type(caught.value) is tictactoe.OutOfBounds and caught.value.status == 3


def test_error_messages_come_from_the_library():
    game = Game()
    game.play(0, 0)
    with pytest.raises(tictactoe.CellOccupied) as caught:
        game.play(0, 0)
    assert caught.value.status == 4 and caught.value.message == "cell occupied"
    assert str(caught.value) == "cell occupied: row 0, col 0 is already taken"


@pytest.mark.parametrize(
    "call, error, text",
    [
        (lambda game: game.play(3, 0), tictactoe.OutOfBounds, "row 3, col 0 is off the 3x3 board"),
        (lambda game: game.cell(0, -1), tictactoe.OutOfBounds, "row 0, col -1 is off the 3x3"),
        (
            lambda game: game.move(0, 0, 7),
            tictactoe.InvalidArgument,
            "player must be 1 or 2, not 7",
        ),
        (lambda game: game.move(2, 2, 1), tictactoe.WrongTurn, "not player 1's turn"),
        (lambda game: Game(3, 3, 4), tictactoe.InvalidArgument, "rows=3, cols=3, k=4"),
        (lambda game: Game(65536, 65536, 5), tictactoe.TooLarge, "65536x65536 is more than"),
    ],
)
def test_error_messages_name_the_argument(call, error, text):
    game = Game()
    game.play(0, 0)
    with pytest.raises(error) as caught:
        call(game)
    assert text in str(caught.value)
    assert str(caught.value).startswith(caught.value.message)


def test_undo_redo():
    game = Game()
    game.play(0, 0)
    game.play(1, 1)
    game.undo()
    assert game.moves == [(0, 0)] and game[1, 1] == 0 and game.to_move == 2
    game.redo()
    assert game.moves == [(0, 0), (1, 1)]
    with pytest.raises(tictactoe.NothingToRedo):
        game.redo()
    game.undo()
    game.play(2, 2)  # a new move clears the redo list
    with pytest.raises(tictactoe.NothingToRedo):
        game.redo()
    game.undo()
    game.undo()
    with pytest.raises(tictactoe.NothingToUndo) as caught:
        game.undo()
    assert caught.value.status == 7


def test_undo_reopens_a_won_game():
    game = Game()
    for row, col in [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)]:
        game.play(row, col)
    assert game.result == "A"
    game.undo()
    assert (game.result, game.winner, game.to_move, game.winning_line) == ("Pending", 0, 1, [])


def test_reset():
    game = Game(4, 4, 3)
    game.move(0, 0, 2)
    game.reset()
    assert (game.moves, game.first_player, game.to_move, game.board) == ([], 1, 1, ["...."] * 4)
    assert (game.rows, game.cols, game.k) == (4, 4, 3)
    with pytest.raises(tictactoe.NothingToUndo):
        game.undo()


def test_clone_is_independent():
    game = Game()
    game.play(0, 0)
    game.play(1, 1)
    game.undo()
    twin = game.clone()
    assert type(twin) is Game and twin is not game
    twin.redo()  # the redo history came along
    assert twin.moves == [(0, 0), (1, 1)]
    assert game.moves == [(0, 0)]
    game.close()
    assert twin.result == "Pending"  # still alive after the original is closed


def test_text_round_trip():
    game = Game()
    game.play(0, 0)
    game.play(0, 2)
    game.play(1, 1)
    text = game.to_text()
    assert text == "3,3,3:X.O/.X./...:O"
    loaded = Game.from_text(text)
    assert loaded.board == game.board and loaded.to_move == 2 and loaded.moves == []
    assert loaded.to_text() == text
    loaded.play(2, 2)
    assert loaded.result == "Pending"
    loaded.undo()
    with pytest.raises(tictactoe.NothingToUndo):  # no history before the loaded position
        loaded.undo()


def test_from_text_keeps_who_started():
    game = Game.from_text("3,3,3:.../.O./...:X")
    assert game.first_player == 2 and game.to_move == 1


@pytest.mark.parametrize(
    "text, error",
    [
        ("3,3,3:.../.../...", tictactoe.ParseError),
        ("3,3,3:..A/.../...:X", tictactoe.ParseError),
        ("3,3,3:..../.../...:X", tictactoe.ParseError),
        ("0,3,3:...:X", tictactoe.InvalidArgument),
        ("65536,65536,3:.:X", tictactoe.TooLarge),
        ("3,3,3:OO./.../...:X", tictactoe.UnreachableBoard),
    ],
)
def test_from_text_errors(text, error):
    with pytest.raises(error):
        Game.from_text(text)


@pytest.mark.parametrize(
    "size, error",
    [
        ((0, 3, 3), tictactoe.InvalidArgument),
        ((3, 3, 4), tictactoe.InvalidArgument),
        ((3, 3, 0), tictactoe.InvalidArgument),
        ((65536, 65536, 5), tictactoe.TooLarge),
    ],
)
def test_constructor_errors(size, error):
    with pytest.raises(error):
        Game(*size)


def test_large_board():
    game = Game(4096, 4096, 5)
    game.play(4095, 4095)
    assert game[4095, 4095] == 1 and game.move_count == 1
    assert "4096x4096" in repr(game) and len(repr(game)) < 200
    game.close()


@pytest.mark.parametrize("bad", [-1, 2**32, -(2**40), 2**64])
def test_numbers_that_do_not_fit_are_out_of_their_domain(bad):
    # Never wrapped around: what C says of any number outside the argument's domain.
    game = Game()
    for call, error in (
        (lambda: game.play(bad, 0), tictactoe.OutOfBounds),
        (lambda: game.play(0, bad), tictactoe.OutOfBounds),
        (lambda: game.move(0, bad, 1), tictactoe.OutOfBounds),
        (lambda: game.move(bad, 0, 2), tictactoe.OutOfBounds),
        (lambda: game.cell(bad, 0), tictactoe.OutOfBounds),
        (lambda: game[0, bad], tictactoe.OutOfBounds),
        (lambda: game.move(0, 0, bad), tictactoe.InvalidArgument),  # as player=3
        (lambda: Game(bad, 3, 3), tictactoe.InvalidArgument),  # as rows=0
        (lambda: Game(3, bad, 3), tictactoe.InvalidArgument),
        (lambda: Game(3, 3, bad), tictactoe.InvalidArgument),
    ):
        with pytest.raises(error) as caught:
            call()
        assert type(caught.value) is error and str(bad) in str(caught.value)
    assert game.moves == []
    game.play(1, 1)
    with pytest.raises(tictactoe.InvalidArgument):
        game.move(bad, 0, 3)  # C checks the player before the cell, whatever the number
    game.close()
    with pytest.raises(tictactoe.GameClosed):
        game.play(bad, 0)


def test_search_and_ai_numbers_that_do_not_fit():
    # No domain of their own: NumberOutOfRange, an InvalidArgument and an OverflowError.
    game = Game()
    for call in (
        lambda: game.search(max_nodes=-1),
        lambda: game.search(max_nodes=2**64),
        lambda: game.search(max_millis=2**32),
        lambda: game.search(max_nodes=10, seed=-1),
        lambda: game.ai_move(-1),
        lambda: game.ai_move(2**32),
        lambda: game.ai_move(0, seed=2**64),
    ):
        with pytest.raises(tictactoe.NumberOutOfRange) as caught:
            call()
        for base in (tictactoe.Error, tictactoe.InvalidArgument, ValueError, OverflowError):
            assert isinstance(caught.value, base)
        assert caught.value.status == 2
    assert (
        game.search(max_nodes=2**64 - 1, max_millis=2**32 - 1, seed=2**64 - 1) in game.legal_moves
    )
    with pytest.raises(tictactoe.NumberOutOfRange, match="seed -1"):
        game.ai_move(0, seed=-1)


class Index:
    """An integer-like object (as numpy's ints are): `__index__` only."""

    def __init__(self, value):
        self.value = value

    def __index__(self):
        return self.value


@pytest.mark.parametrize("bad", [Decimal("1.7"), Fraction(5, 3), Decimal(1), 1.5])
def test_non_integral_numbers_are_refused_by_name(bad):
    # cffi would truncate anything with __int__ to 1; operator.index refuses it.
    game = Game()
    for call, name in (
        (lambda: game.play(bad, 0), "row"),
        (lambda: game.play(0, bad), "col"),
        (lambda: game.move(bad, 0, 1), "row"),
        (lambda: game.move(0, bad, 1), "col"),
        (lambda: game.move(0, 0, bad), "player"),
        (lambda: game.cell(bad, 0), "row"),
        (lambda: game[0, bad], "col"),
        (lambda: Game(bad), "rows"),
        (lambda: Game(3, bad), "cols"),
        (lambda: Game(3, 3, bad), "k"),
        (lambda: game.search(max_nodes=bad), "max_nodes"),
        (lambda: game.search(max_millis=bad), "max_millis"),
        (lambda: game.search(max_nodes=9, seed=bad), "seed"),
        (lambda: game.ai_move(bad), "level"),
        (lambda: game.ai_move(0, seed=bad), "seed"),
    ):
        with pytest.raises(TypeError, match=f"^{name} must be an integer"):
            call()
    assert game.moves == []


def test_integer_likes_and_bools_are_integers():
    game = Game(Index(4), Index(4), True + True + True)
    assert (game.rows, game.cols, game.k) == (4, 4, 3)
    # The sizes read back are plain ints, whatever int-like built the game (Python 3.8 and
    # 3.9's operator.index returns True and IntEnum members as they are).
    sizes = Game(True, tictactoe.Level.MEDIUM, Index(1))
    assert [type(n) for n in (sizes.rows, sizes.cols, sizes.k)] == [int, int, int]
    assert (sizes.rows, sizes.cols, sizes.k) == (1, 2, 1) and "1x2 k=1" in repr(sizes)
    assert game.move(Index(1), Index(2), Index(1)) == 0
    assert game.play(True, False) == "Pending"
    assert game.cell(Index(1), 2) == 1 and game[True, 0] == 2
    assert game.ai_move(tictactoe.Level.EASY, seed=Index(3)) in game.legal_moves
    assert game.search(max_nodes=Index(50), seed=True) in game.legal_moves


@pytest.mark.parametrize("key", [4, (1,), (0, 0, 0), "ab", [0, 0]])
def test_indexing_needs_a_row_col_pair(key):
    with pytest.raises(TypeError, match="game\\[1, 2\\]"):
        Game()[key]


def test_a_game_is_not_iterable():
    game = Game()
    with pytest.raises(TypeError, match="not iterable"):
        list(game)
    with pytest.raises(TypeError, match="not iterable"):
        iter(game)
    with pytest.raises(TypeError, match="not iterable"):
        1 in game  # noqa: B015


@pytest.mark.parametrize("bad", [1.0, "1", None, [1], 1j])
def test_wrong_types_raise_type_error(bad):
    game = Game()
    for call in (
        lambda: game.play(bad, 0),
        lambda: game.move(0, 0, bad),
        lambda: game.cell(0, bad),
        lambda: Game(bad),
    ):
        with pytest.raises(TypeError):
            call()
    with pytest.raises(TypeError):
        Game.from_text(b"3,3,3:.../.../...:X")
    assert game.moves == []


def test_closed_game_raises_cleanly():
    game = Game()
    game.play(0, 0)
    game.close()
    assert game.closed
    game.close()  # idempotent
    for use in (
        lambda: game.play(1, 1),
        lambda: game.move(1, 1, 2),
        game.undo,
        game.redo,
        game.reset,
        game.clone,
        game.to_text,
        lambda: game.cell(0, 0),
        lambda: game.result,
        lambda: game.winner,
        lambda: game.to_move,
        lambda: game.first_player,
        lambda: game.moves,
        lambda: game.move_count,
        lambda: game.legal_moves,
        lambda: game.winning_line,
        lambda: game.board,
        lambda: pickle.dumps(game),
        lambda: copy.deepcopy(game),
    ):
        with pytest.raises(tictactoe.GameClosed) as caught:
            use()
        assert isinstance(caught.value, ValueError)
        assert str(caught.value) == "the game is closed"
    assert "closed" in repr(game)


def test_a_closed_game_raises_on_every_use():
    game = Game(4, 5, 3)
    game.close()
    for use in (
        lambda: game.rows,
        lambda: game.cols,
        lambda: game.k,
        lambda: game[0, 0],
        lambda: game.cell(-1, 0),
        lambda: game.play(2**40, 0),
        lambda: game.best_move(),
        lambda: game.optimal_moves(),
        lambda: game.search(max_nodes=10),
        lambda: game.ai_move(0),
        lambda: copy.copy(game),
        lambda: str(game.__enter__()),
    ):
        with pytest.raises(tictactoe.GameClosed):
            use()
    with pytest.raises(tictactoe.GameClosed), game:
        pytest.fail("entered a closed game")
    assert repr(game) == "<tictactoe.Game 4x5 k=3, closed>"
    game.close()  # still idempotent


def test_context_manager_closes_even_on_error():
    with pytest.raises(tictactoe.CellOccupied), Game() as game:
        game.play(0, 0)
        game.play(0, 0)
    assert game.closed


def test_repr_shows_the_board():
    game = Game()
    game.play(0, 0)
    game.play(1, 1)
    assert repr(game) == "<tictactoe.Game 3x3 k=3, X to move\n X . .\n . O .\n . . .>"
    for row, col in [(0, 1), (2, 2), (0, 2)]:
        game.play(row, col)
    assert repr(game).splitlines()[0] == "<tictactoe.Game 3x3 k=3, X won"


def _same_game(a, b):
    def state(game):
        return game.to_text(), game.moves, game.first_player, game.result

    return state(a) == state(b)


@pytest.mark.parametrize("opener", [1, 2])
def test_pickle_continues_the_game_exactly(opener):
    game = Game(4, 5, 3)
    game.move(0, 0, opener)
    game.play(3, 4)
    game.play(1, 1)
    copy_ = pickle.loads(pickle.dumps(game))
    assert _same_game(copy_, game)
    # Both continue identically, undo included, down to the empty board and its opener.
    for g in (game, copy_):
        g.play(2, 2)
    assert _same_game(copy_, game)
    for _ in range(4):
        copy_.undo()
        game.undo()
        assert _same_game(copy_, game)
    assert copy_.board == ["....."] * 4
    assert copy_.first_player == 1  # as before the opening move
    # Redo replays the opening for the player who made it.
    for g in (game, copy_):
        g.redo()
    assert _same_game(copy_, game)
    assert copy_.first_player == opener and copy_.moves == [(0, 0)]


def test_pickle_of_a_loaded_game_keeps_position_and_later_moves():
    game = Game.from_text("3,3,3:X.O/.X./...:O")
    game.play(2, 0)
    copy_ = pickle.loads(pickle.dumps(game))
    assert _same_game(copy_, game)
    copy_.undo()
    assert copy_.to_text() == "3,3,3:X.O/.X./...:O"
    with pytest.raises(tictactoe.NothingToUndo):
        copy_.undo()


def test_pickle_of_a_finished_game():
    game = Game()
    for row, col in [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)]:
        game.play(row, col)
    copy_ = pickle.loads(pickle.dumps(game, protocol=pickle.HIGHEST_PROTOCOL))
    assert _same_game(copy_, game) and copy_.winner == 1


def test_copy_and_deepcopy_are_clones():
    game = Game()
    game.play(1, 1)
    for twin in (copy.copy(game), copy.deepcopy(game), copy.deepcopy([game])[0]):
        assert twin is not game and _same_game(twin, game)
        twin.play(0, 0)
        assert game.moves == [(1, 1)]


def test_subclass_survives_clone_and_copy():
    class Board(Game):
        __slots__ = ()

    game = Board()
    assert type(game.clone()) is Board
    assert type(Board.from_text(game.to_text())) is Board
    assert type(copy.deepcopy(game)) is Board


class Annotated(Game):
    """A subclass with state of its own, set by __init__ (which copies do not run)."""

    def __init__(self, rows=3, cols=3, k=3, note=""):
        super().__init__(rows, cols, k)
        self.note = note
        self.log = []


def test_copies_of_a_subclass_keep_its_attributes():
    game = Annotated(4, 4, 3, note="opening study")
    game.move(1, 1, 2)
    game.log.append("O opened")
    game.me = game
    for twin in (game.clone(), copy.copy(game)):  # shallow: the same attribute objects
        assert type(twin) is Annotated and _same_game(twin, game)
        assert (twin.note, twin.log, twin.me) == ("opening study", ["O opened"], game)
        assert twin.log is game.log
    deep = copy.deepcopy(game)
    assert type(deep) is Annotated and _same_game(deep, game)
    assert (deep.note, deep.log) == ("opening study", ["O opened"]) and deep.log is not game.log
    assert deep.me is deep  # the memo: a reference back to the game is to the copy
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        loaded = pickle.loads(pickle.dumps(game, protocol))
        assert type(loaded) is Annotated and _same_game(loaded, game)
        assert (loaded.note, loaded.log, loaded.me) == ("opening study", ["O opened"], loaded)
        loaded.log.append("loaded")
        assert game.log == ["O opened"]


class Restored(Game):
    """A subclass that pickles part of its state, its own way."""

    def __init__(self):
        super().__init__()
        self.name, self.cache = "restored", {"expensive": 1}

    def __getstate__(self):
        return {"name": self.name}

    def __setstate__(self, state):
        self.__dict__.update(state, cache={}, restored=True)


def test_pickle_honours_a_subclass_getstate_and_setstate():
    game = Restored()
    game.play(0, 0)
    loaded = pickle.loads(pickle.dumps(game))
    assert _same_game(loaded, game)
    assert (loaded.name, loaded.cache, loaded.restored) == ("restored", {}, True)


class Noted(Game):
    """A subclass whose overrides must not run on load: play takes another argument, and
    every other method the pickle machinery could use fails."""

    def play(self, row, col, note):
        self.notes.append(note)
        return super().play(row, col)

    def _refuse(self, *args, **kwargs):
        raise AssertionError("a subclass's override ran while pickling or loading")

    move = undo = redo = reset = to_text = _refuse
    cols = move_count = first_player = moves = property(_refuse)
    from_text = classmethod(_refuse)


def test_pickling_runs_only_games_own_methods():
    game = Noted()
    game.notes = []
    Game.move(game, 1, 1, 2)  # O opens, so the replay's first move is a move()
    game.play(0, 0, "X replies")
    game.play(2, 2, "O again")
    Game.undo(game)  # and something to redo
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        loaded = pickle.loads(pickle.dumps(game, protocol))
        assert type(loaded) is Noted and loaded.notes == ["X replies", "O again"]
        assert _base_state(loaded) == _base_state(game)
        Game.redo(loaded)
        assert Game.to_text(loaded) == "3,3,3:X../.O./..O:X"


def _base_state(game):
    """`_same_game`'s state, read through Game's own methods."""
    return Game.to_text(game), Game.moves.fget(game), Game.first_player.fget(game)


class Generations(Game):
    """A subclass whose clone() decides what a copy holds."""

    __slots__ = ("generation",)

    def __init__(self):
        super().__init__()
        self.generation = 0

    def clone(self):
        twin = super().clone()
        twin.generation = self.generation + 1
        return twin


def test_copy_and_deepcopy_call_an_overridden_clone():
    game = Generations()
    assert [copy.copy(game).generation, copy.deepcopy(game).generation] == [1, 1]
    assert copy.deepcopy([game, game])[1].generation == 1


def test_lists_longer_than_the_first_buffer():
    # 70 moves, 30 legal cells, 100 board cells and a long text: past the binding's first
    # 64-element buffer, so the resize path runs. Row-major on 10x10 with k=10: no line.
    game = Game(10, 10, 10)
    played = [(r, c) for r in range(7) for c in range(10)]
    for row, col in played:
        assert game.play(row, col) == "Pending"
    assert game.moves == played
    assert game.legal_moves == [(r, c) for r in range(7, 10) for c in range(10)]
    assert game.board == ["XOXOXOXOXO"] * 7 + [".........."] * 3
    text = game.to_text()
    assert text == "10,10,10:" + "/".join(game.board) + ":X"
    assert Game.from_text(text).board == game.board
