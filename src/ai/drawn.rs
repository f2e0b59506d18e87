//! Draws proved by a pairing strategy on boards too big for the bitboard solver, however many
//! cells are empty: the n,n,n boards from 8 × 8 to 4096 × 4096, and boards whose k is longer
//! than the columns (or the rows). When the built pairing (`pairing::Built`) blocks each side
//! against the other, the value is a draw, and a move that keeps it is the empty cell of the
//! opponent's open pair, or any cell when there is none.

use super::pairing::{Blocked, Built, Partner};
use super::Solution;
use crate::error::Error;
use crate::game::Game;
use crate::rules::{Player, EMPTY};

/// What the pairing proves about a position.
enum Proof {
    Nothing,
    /// A draw; `owed` is the empty cell of the opponent's open pair, when it has one.
    Draw {
        owed: Option<usize>,
    },
}

/// What the pairing proves about `game`; `GameOver` when it is finished.
fn proved(game: &Game) -> Result<Proof, Error> {
    let mover = game.to_move().ok_or(Error::GameOver)?;
    let Some(pairing) = Built::for_rules(game.rules()) else { return Ok(Proof::Nothing) };
    // The opponent attacks with us to move (one open pair allowed: we take its other cell);
    // we attack with the opponent to move next.
    let (theirs, owed) = check(game, &pairing, mover.other(), true);
    let (ours, _) = check(game, &pairing, mover, false);
    Ok(if theirs && ours { Proof::Draw { owed } } else { Proof::Nothing })
}

/// Whether `pairing` blocks `attacker` (the `Blocked` rule), and the empty cell of its open
/// pair if it has one.
fn check(game: &Game, pairing: &Built, attacker: Player, defender_to_move: bool) -> (bool, Option<usize>) {
    let cells = game.board().cells();
    let mut rule = Blocked::new(defender_to_move);
    let mut open = None;
    game.for_each_stone(|cell| {
        if cells.get(cell) != attacker.stone() {
            return;
        }
        if let Some(other) = pairing.partner(cell) {
            rule.see(match cells.get(other) {
                EMPTY => {
                    open = Some(other);
                    Partner::Empty
                }
                stone if stone == attacker.stone() => Partner::Attacker,
                _ => Partner::Defender,
            });
        }
    });
    (rule.holds(), open)
}

/// A move that keeps a proved draw, scored 0; `None` when the pairing proves nothing here.
pub fn best(game: &Game) -> Result<Option<Solution>, Error> {
    let Proof::Draw { owed } = proved(game)? else { return Ok(None) };
    let cell = match owed {
        Some(cell) => cell,
        None => nearest_to_centre(game).ok_or(Error::GameOver)?,
    };
    Ok(Some(Solution { cell, score: 0, steps: 0 }))
}

/// True when every move keeps a proved draw: the pairing proves a draw and the opponent has
/// no open pair (no move can lose then). False when not every move's value is proved:
/// nothing is proved here, or the opponent has an open pair (only its other cell is proved).
pub fn every_move_draws(game: &Game) -> Result<bool, Error> {
    Ok(matches!(proved(game)?, Proof::Draw { owed: None }))
}

/// The empty cell nearest the centre of the board (rings of growing radius; the lowest index
/// in the first ring that has one), so the move looks like a move.
fn nearest_to_centre(game: &Game) -> Option<usize> {
    let rules = game.rules();
    let (rows, cols) = (i64::from(rules.rows()), i64::from(rules.cols()));
    let (r0, c0) = (rows / 2, cols / 2);
    let cells = game.board().cells();
    for d in 0..rows.max(cols) {
        let mut best: Option<usize> = None;
        for r in (r0 - d).max(0)..=(r0 + d).min(rows - 1) {
            // The ring's cells in this row: both ends, or the whole span on its top and bottom.
            let edge = (r - r0).abs() == d;
            let step = if edge || d == 0 { 1 } else { 2 * d };
            let mut c = c0 - d;
            while c <= c0 + d {
                if (0..cols).contains(&c) {
                    let cell = (r * cols + c) as usize;
                    if cells.get(cell) == EMPTY && best.is_none_or(|b| cell < b) {
                        best = Some(cell);
                    }
                }
                c += step;
            }
        }
        if best.is_some() {
            return best;
        }
    }
    None
}
