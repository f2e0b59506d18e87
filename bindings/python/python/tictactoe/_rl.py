"""What the RL environments share (numpy only)."""

from __future__ import annotations

import numpy as np

from ._game import Game


def board_cells(game: Game) -> np.ndarray:
    """The board as uint8 (rows, cols): 0 empty, 1 X, 2 O."""
    text = "".join(game.board).encode()
    cells = np.frombuffer(text, dtype=np.uint8).reshape(game.rows, game.cols)
    return (cells == ord("X")) * np.uint8(1) + (cells == ord("O")) * np.uint8(2)


def planes(game: Game, player: int) -> np.ndarray:
    """int8 (rows, cols, 2): `player`'s stones in plane 0, the opponent's in plane 1."""
    board = board_cells(game)
    out = np.empty((*board.shape, 2), dtype=np.int8)
    out[:, :, 0] = board == player
    out[:, :, 1] = board == 3 - player
    return out


def empty_mask(game: Game) -> np.ndarray:
    """int8 (rows * cols,): 1 on the cells the side to move may play, all 0 once it is over."""
    mask = np.zeros(game.rows * game.cols, dtype=np.int8)
    if game.result == "Pending":
        mask[:] = board_cells(game).reshape(-1) == 0
    return mask


def check_render_mode(render_mode: str | None) -> None:
    """Raises ValueError unless `render_mode` is None, "human" or "ansi"."""
    if render_mode not in (None, "human", "ansi"):
        raise ValueError(f"render_mode must be None, 'human' or 'ansi', not {render_mode!r}")


def render(game: Game, render_mode: str | None) -> str | None:
    """The board as text: "ansi" returns it, "human" prints it, None does nothing."""
    if render_mode is None:
        return None
    text = "\n".join(" ".join(row) for row in game.board)
    if render_mode == "human":
        print(text + "\n")
        return None
    return text
