"""The installed package: the wheel carries the native library, typing marker and version."""

import importlib.metadata
import inspect
import re
import typing
from pathlib import Path

import tictactoe
import tictactoe._native

REPO = Path(__file__).resolve().parents[3]


def test_wheel_contains_the_native_library():
    package = Path(tictactoe.__file__).parent
    assert "site-packages" in package.parts, "tests must run against the installed wheel"
    native = Path(tictactoe._native.__file__).parent
    assert native.parent == package
    assert [lib.name for lib in native.glob("*.so")], "no shared library inside the package"
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


def test_cffi_module_declares_every_function_of_the_header():
    # maturin generates the cffi declarations with cbindgen from the same source as
    # include/tictactoe.h; every function the header declares must be callable from Python.
    header = (REPO / "include" / "tictactoe.h").read_text()
    functions = set(re.findall(r"^\w[\w *]*?\b(ttt_\w+)\(", header, re.M))
    assert {"ttt_game_new", "ttt_judge", "ttt_validate", "ttt_status_str"} <= functions
    missing = sorted(name for name in functions if not hasattr(tictactoe._native.lib, name))
    assert missing == []


def test_result_type_names_the_libraries_strings():
    # tictactoe.Result is a Literal of the four strings; the binding reads them from C
    # (ttt_result_str), so the two must be the same set.
    from tictactoe._native import ffi, lib

    from_c = {
        ffi.string(lib.ttt_result_str(value)).decode()
        for value in (lib.TTT_PENDING, lib.TTT_A_WINS, lib.TTT_B_WINS, lib.TTT_DRAW)
    }
    assert set(typing.get_args(tictactoe.Result)) == from_c == {"Pending", "A", "B", "Draw"}
