"""The installed package: the wheel carries the native library, typing marker and version."""

import importlib.metadata
import inspect
import pickle
import pickletools
import re
import sys
import typing
from pathlib import Path

import pytest
import tictactoe
import tictactoe._native

REPO = Path(__file__).resolve().parents[3]


def test_wheel_contains_the_native_library():
    package = Path(tictactoe.__file__).parent
    assert "site-packages" in package.parts, "tests must run against the installed wheel"
    native = Path(tictactoe._native.__file__)
    assert native.parent == package
    assert native.suffix == ".so", "the extension module is not a shared library"
    assert (package / "py.typed").is_file()


def test_version_matches_the_crate():
    cargo = (REPO / "Cargo.toml").read_text()
    crate_version = re.search(r'^version = "([^"]+)"', cargo, re.M).group(1)
    assert tictactoe.__version__ == crate_version
    assert importlib.metadata.version("tictactoe") == crate_version


def defaults(fn):
    return {name: p.default for name, p in inspect.signature(fn).parameters.items()}


def test_spec_surface():
    empty = inspect.Parameter.empty
    assert defaults(tictactoe.judge) == {"moves": empty, "rows": 3, "cols": 3, "k": 3}
    assert defaults(tictactoe.validate) == {"board": empty, "k": None}
    assert defaults(tictactoe.Game) == {"rows": 3, "cols": 3, "k": 3}
    for name in (
        "move",
        "play",
        "undo",
        "redo",
        "reset",
        "clone",
        "best_move",
        "close",
        "result",
        "winner",
        "to_move",
        "moves",
        "__enter__",
        "__exit__",
    ):
        assert hasattr(tictactoe.Game, name), name
    for name in tictactoe.__all__:
        assert hasattr(tictactoe, name), name
    for name in (
        "IllegalMove",
        "OutOfBounds",
        "CellOccupied",
        "WrongTurn",
        "GameOver",
        "NothingToUndo",
        "ParseError",
        "InvalidArgument",
        "TooLarge",
        "OutOfMemory",
    ):
        assert issubclass(getattr(tictactoe, name), tictactoe.Error), name
    assert issubclass(tictactoe.InvalidArgument, ValueError)
    assert issubclass(tictactoe.OutOfMemory, MemoryError)
    for name in ("OutOfBounds", "CellOccupied", "WrongTurn", "GameOver"):
        assert issubclass(getattr(tictactoe, name), tictactoe.IllegalMove), name


def test_every_status_has_its_class_and_the_library_message():
    # TttStatus values 1..15 (header), each raised as its own class with ttt_status_str's text.
    from tictactoe._errors import error_for

    seen = set()
    for status in range(1, 16):
        error = error_for(status)
        assert error.status == status and type(error) is not tictactoe.Error
        assert str(error) and str(error) != "unknown status"
        seen.add(type(error))
    assert len(seen) == 15
    unknown = error_for(99)
    assert type(unknown) is tictactoe.Error and unknown.status == 99


def test_native_numbers_are_the_headers():
    # The extension module numbers statuses, results, verdicts and levels as the C header
    # does (both come from the same Rust definitions); the exceptions and Level rely on it.
    header = (REPO / "include" / "tictactoe.h").read_text()
    enumerated = re.findall(r"^\s*(TTT_\w+) = (\d+),", header, re.M)
    numbers = {name: int(value) for name, value in enumerated}
    exported = {name for name in dir(tictactoe._native) if name.startswith("TTT_")}
    assert {"TTT_OK", "TTT_INTERNAL_ERROR", "TTT_DRAW", "TTT_VALID"} <= exported
    for name in exported - {"TTT_MAX_CELLS"} - {n for n in exported if n.startswith("TTT_LEVEL")}:
        assert getattr(tictactoe._native, name) == numbers[name], name
    for name in (n for n in exported if n.startswith("TTT_LEVEL")):
        assert re.search(rf"#define {name} {getattr(tictactoe._native, name)}\b", header), name
    assert re.search(rf"#define TTT_MAX_CELLS {tictactoe.MAX_CELLS}\b", header)


def test_result_type_names_the_libraries_strings():
    # tictactoe.Result is a Literal of the four strings; the binding reads them from the
    # library (ttt_result_str's texts), so the two must be the same set.
    from tictactoe import _native

    from_library = {
        _native.result_str(value)
        for value in (_native.TTT_PENDING, _native.TTT_A_WINS, _native.TTT_B_WINS, _native.TTT_DRAW)
    }
    assert set(typing.get_args(tictactoe.Result)) == from_library == {"Pending", "A", "B", "Draw"}


def _modules_named(data):
    """The module of every global a pickle refers to (GLOBAL, INST, or the strings that
    STACK_GLOBAL takes, which may be any two of those it pushed: all of them, to be safe)."""
    named = []
    for opcode, arg, _ in pickletools.genops(data):
        if opcode.name in ("GLOBAL", "INST"):
            named.append(arg.split(" ")[0])
        elif isinstance(arg, str):
            named.append(arg)
    return named


def _pickled_things():
    game = tictactoe.Game()
    game.move(1, 1, 2)
    game.play(0, 0)
    game.undo()
    try:
        tictactoe.judge([(0, 0), (1, 1), (0, 0)])
    except tictactoe.CellOccupied as error:
        occupied = error
    verdict = tictactoe.validate(["X  ", "   ", "   "])
    return [game, occupied, tictactoe.WrongType("why"), verdict, tictactoe.Level.HARD]


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_pickles_name_only_the_public_module(protocol):
    # Pickles record `tictactoe.Game`, never `tictactoe._game.Game`: renaming a private
    # module must not break stored pickles.
    for thing in _pickled_things():
        data = pickle.dumps(thing, protocol)
        named = _modules_named(data)
        assert "tictactoe" in named, (thing, named)
        assert not [name for name in named if name.startswith("tictactoe._")], (thing, named)
        assert type(pickle.loads(data)) is type(thing)


def test_public_names_say_they_are_the_packages():
    for name in tictactoe.__all__:
        value = getattr(tictactoe, name)
        if isinstance(value, type) or inspect.isfunction(value):
            assert value.__module__ == "tictactoe", name
    assert tictactoe._unpickle.__module__ == "tictactoe"
    assert tictactoe._unpickle is tictactoe._game._unpickle  # older pickles name the latter


# Pickled by the binding before the public names (protocol 2: GLOBAL names the module):
# player 2 opened at (1, 1), X played (0, 0), then O's (2, 2) was undone; and the error
# judge raised for move 2.
OLD_GAME = (
    b"\x80\x02ctictactoe._game\n_unpickle\nq\x00(ctictactoe._game\nGame\nq\x01X\x13\x00\x00"
    b"\x003,3,3:.../.../...:Xq\x02]q\x03(K\x04K\x00K\x08eK\x01K\x02tq\x04Rq\x05."
)
OLD_ERROR = (
    b"\x80\x02ctictactoe._errors\nCellOccupied\nq\x00K\x04X\x00\x00\x00\x00q\x01\x86q\x02Rq"
    b"\x03}q\x04(X\x06\x00\x00\x00statusq\x05K\x04X\x07\x00\x00\x00messageq\x06X\r\x00\x00\x00"
    b"cell occupiedq\x07X\x06\x00\x00\x00detailq\x08X\r\x00\x00\x00move 2 (0, 0)q\tX\n\x00\x00"
    b"\x00move_indexq\nK\x02ub."
)


def test_older_pickles_still_load():
    game = pickle.loads(OLD_GAME)
    assert (game.moves, game.first_player, game.to_move) == ([(1, 1), (0, 0)], 2, 2)
    game.redo()
    assert game.board == ["X..", ".O.", "..O"]
    error = pickle.loads(OLD_ERROR)
    assert type(error) is tictactoe.CellOccupied and error.move_index == 2
    assert str(error) == "cell occupied: move 2 (0, 0)" and error.args == (4, "move 2 (0, 0)")


@pytest.mark.skipif(sys.version_info < (3, 10), reason="the annotations use X | None")
def test_type_hints_of_the_public_classes_resolve():
    # typing.get_type_hints looks a class's annotations up in its __module__, now tictactoe.
    for name in tictactoe.__all__:
        value = getattr(tictactoe, name)
        if isinstance(value, type):
            typing.get_type_hints(value)
