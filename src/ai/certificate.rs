//! Certificates: a proved value written out as proof trees that a checker can verify with
//! nothing but the rules, without trusting the solver. The solver is only the oracle that
//! picks the moves and the zones; every claim in the certificate is one a checker tests by
//! itself.
//!
//! The text (lines end with `\n`; cells are row-major indices `row * cols + col`):
//!
//! ```text
//! certificate 2
//! position 3,3,3:X../.O./...:X     the position, in the game's text form
//! value draw                       win, draw or loss, for the side to move
//! tree X cannot-win                one tree for a win or a loss ("tree X wins"),
//! ...nodes...                      two for a draw (each side cannot win)
//! tree O cannot-win
//! ...nodes...
//! ```
//!
//! A tree is one node in preorder; a node is a line proving its claim about the position it
//! stands for (the tree's position first). In a `cannot-win` tree the side claimed unable to
//! win is the attacker, the other the defender.
//!
//! - `move C`: the side the claim favours (the winner of a `wins` tree, the defender of a
//!   `cannot-win` tree) is to move and plays cell C; the next node proves the claim after it.
//! - `all`: the other side is to move; the next nodes, one per empty cell in ascending order,
//!   prove the claim after each of its moves.
//! - `some C D ...` (cannot-win only): the attacker is to move; the next nodes, one per listed
//!   cell in order, prove the claim after the attacker plays it. Each other empty cell X is
//!   covered: the attacker holds X in the position one of those nodes proves (after its
//!   `zone`); or a listed cell Y dominates X (every window through X without a stone of one
//!   side passes through Y); or after X the defender completes a line, the attacker having
//!   none.
//! - `zone C D ...` (cannot-win only): the listed cells are empty; every other empty cell (at
//!   least one) is given to the attacker, and the next node proves the claim there.
//! - `end`: the game is over, with the claim true (the winner has a line; or the attacker has
//!   none, the board being full or the defender having completed a line).
//! - `pairs A-B C-D ...` (cannot-win only): disjoint pairs of empty cells such that every
//!   k-window without a defender stone holds both cells of some pair; the defender answers
//!   each attacker stone on a pair with its partner and never loses a window.
//! - `weight` (cannot-win only): the Erdős–Selfridge bound holds: over the k-windows without a
//!   defender stone, the sum of 2^-(empty cells of the window) is below one half with the
//!   attacker to move, below one with the defender to move.
//! - `same N`: the position is the one of the node on line N (counting from 1) of the same
//!   tree, or its image under a symmetry of the board; that node's subtree is complete.
//!
//! Why `zone` and `some` are sound: an extra stone never hurts its owner, so a claim that the
//! attacker cannot win holds for every position with fewer attacker stones (the same defender
//! stones, the same side to move). A `zone` proves the claim with the attacker holding every
//! cell outside the zone, so no stone the attacker could put there matters; a `some` node's
//! other moves are each part of such a position already proved. A dominated move is refuted
//! as its dominator is: whatever the attacker could do with a stone on X, it does no later
//! with one on Y (see `solve::dominance`). Version 1 had neither node, and `same` named the
//! same position only; a checker of version 2 reads it as it is.
//!
//! A draw's trees come from the solver's relevance-zone proofs (`solve::zones::certify`);
//! a win's tree from the exact solver, node by node.

use super::bitboard::Word;
use super::budget::Meter;
use super::solve::{Root, Solver, Step, Width};
use super::{solve_cell, Budget};
use crate::error::Error;
use crate::fallible::{try_collect, try_copy, try_filled, try_with_capacity};
use crate::game::Game;
use crate::rules::{Dir, Player};
use std::collections::HashMap;
use std::fmt::{Arguments, Write};
use std::time::Instant;

/// Steps of the pairing search at each node: a few hundred cover what small boards need.
const PAIRING_STEPS: u32 = 2_000;

/// A draw's proofs and the walks of its two trees share this many times the budget: on 7,7,5
/// the proofs take 11.9M steps and the walks 18M more (solving the positions whose proofs the
/// table lost or that the solver never met, such as moves already covered by its zones).
const WALK_SHARE: u64 = 4;

/// Room for one line that holds at most a word and a cell or line number.
const SHORT_LINE: usize = 32;

/// The certificate of `game`'s value (see the module's documentation), with at most
/// `max_nodes` nodes in all; each move it picks is found by the exact solver within
/// `budget`. `TooHard` when either runs out, `GameOver` for a finished game, `OutOfMemory`
/// when the text or the builder's tables cannot grow (every allocation is fallible).
pub(crate) fn certificate(game: &Game, budget: Budget, max_nodes: u64) -> Result<String, Error> {
    let mover = game.to_move().ok_or(Error::GameOver)?;
    let position = game.try_to_text()?;
    let mut out = String::new();
    if let Some(trees) = zone_draw(game, budget, max_nodes)? {
        head(&mut out, &position, "draw")?;
        for text in trees {
            out.try_reserve(text.len())?;
            out.push_str(&text);
        }
        return Ok(out);
    }
    let score = solve_cell(game, budget)?.score;
    let value = match score.signum() {
        1 => "win",
        0 => "draw",
        _ => "loss",
    };
    head(&mut out, &position, value)?;
    let mut builder = Builder { budget, left: max_nodes, windows: windows(game)? };
    let trees: &[(Player, bool)] = match score.signum() {
        1 => &[(mover, true)],
        0 => &[(mover, false), (mover.other(), false)],
        _ => &[(mover.other(), true)],
    };
    for &(side, wins) in trees {
        let mut tree = Tree::new(&mut out, side, wins)?;
        builder.node(&mut tree, &mut game.try_clone()?)?;
    }
    Ok(out)
}

/// The first three lines of a certificate.
fn head(out: &mut String, position: &str, value: &str) -> Result<(), Error> {
    put(
        out,
        position.len() + SHORT_LINE * 2,
        format_args!("certificate 2\nposition {position}\nvalue {value}\n"),
    )
}

/// On a board the bitboard solver takes, proves with relevance zones that neither side can
/// win and writes the two trees of the draw; `None` when a side wins or the board is past the
/// solver. One solver proves both claims and walks both trees.
fn zone_draw(game: &Game, budget: Budget, max_nodes: u64) -> Result<Option<[String; 2]>, Error> {
    match Width::of(game.rules()) {
        Some(Width::Narrow) => zone_draw_on::<u64>(game, budget, max_nodes),
        Some(Width::Wide) => zone_draw_on::<u128>(game, budget, max_nodes),
        None => Ok(None),
    }
}

/// [`zone_draw`] on bitboard words `W`.
fn zone_draw_on<W: Word>(game: &Game, budget: Budget, max_nodes: u64) -> Result<Option<[String; 2]>, Error> {
    let mover = game.to_move().ok_or(Error::GameOver)?;
    let (frame, root) = Root::<W>::of(game)?;
    let geo = &frame.geo;
    let nodes = budget.max_nodes().map_or(u64::MAX, |n| n.saturating_mul(WALK_SHARE));
    let meter = Meter::new(Budget::limits(nodes, budget.max_time()), Instant::now());
    let mut solver = Solver::new(geo, meter, root.empty(geo))?;
    let mut trees = [String::new(), String::new()];
    let mut left = max_nodes;
    for ((side, mover_attacks), text) in [(mover, true), (mover.other(), false)].into_iter().zip(&mut trees) {
        let mut tree = Tree::new(text, side, false)?;
        let mut line = String::new();
        let mut write = |step: Step| {
            line.clear();
            // A word, then a cell of at most three digits and a space per cell (two per pair).
            match step {
                Step::Move(bit) => put(&mut line, SHORT_LINE, format_args!("move {}", frame.cell(bit)))?,
                Step::Tried(bits) | Step::Zone(bits) => {
                    let word = if matches!(step, Step::Tried(_)) { "some" } else { "zone" };
                    put(&mut line, 5 + 4 * bits.len(), format_args!("{word}"))?;
                    for &b in bits {
                        let _ = write!(line, " {}", frame.cell(b));
                    }
                }
                Step::End => put(&mut line, SHORT_LINE, format_args!("end"))?,
                Step::Weight => put(&mut line, SHORT_LINE, format_args!("weight"))?,
                Step::Pairs(pairs) => {
                    put(&mut line, 5 + 8 * pairs.len(), format_args!("pairs"))?;
                    for &(a, b) in pairs {
                        let _ = write!(line, " {}-{}", frame.cell(a), frame.cell(b));
                    }
                }
                Step::Same(n) => put(&mut line, SHORT_LINE, format_args!("same {n}"))?,
            }
            tree.line(line.len(), format_args!("{line}"))
        };
        if !solver.cannot_win_tree(root, mover_attacks, left, &mut write)? {
            return Ok(None);
        }
        left = left.saturating_sub(tree.lines as u64);
    }
    Ok(Some(trees))
}

/// Appends `args` to `out` after reserving `room` bytes, which must be at least their length,
/// so that the write itself never allocates.
fn put(out: &mut String, room: usize, args: Arguments) -> Result<(), Error> {
    out.try_reserve(room)?;
    let _ = out.write_fmt(args);
    Ok(())
}

/// What every node of a certificate needs: the oracle's budget, the nodes left, the windows.
struct Builder {
    budget: Budget,
    left: u64,
    /// Every k-window as its cells.
    windows: Vec<Vec<usize>>,
}

/// One tree being written: whose claim, which claim, the text it is written into, how many
/// of its lines are written, and the positions proved so far (board cells and side to move)
/// with their line numbers.
struct Tree<'a> {
    side: Player,
    wins: bool,
    out: &'a mut String,
    lines: usize,
    seen: HashMap<(Vec<u8>, u32), usize>,
}

impl<'a> Tree<'a> {
    /// A tree of `side`'s claim, its first line written into `out`.
    fn new(out: &'a mut String, side: Player, wins: bool) -> Result<Tree<'a>, Error> {
        let claim = if wins { "wins" } else { "cannot-win" };
        let name = if side == Player::X { 'X' } else { 'O' };
        put(out, SHORT_LINE, format_args!("tree {name} {claim}\n"))?;
        Ok(Tree { side, wins, out, lines: 0, seen: HashMap::new() })
    }

    /// Writes the next line of the tree.
    fn line(&mut self, room: usize, args: Arguments) -> Result<(), Error> {
        self.lines += 1;
        put(self.out, room + 1, args)?;
        put(self.out, 1, format_args!("\n"))
    }
}

impl Builder {
    /// Writes the node proving `tree`'s claim about `game` (which it plays on and restores).
    /// A node's line is known before its children's, so the tree is written in preorder.
    fn node(&mut self, tree: &mut Tree, game: &mut Game) -> Result<(), Error> {
        self.left = self.left.checked_sub(1).ok_or(Error::TooHard)?;
        let cells = board_cells(game)?;
        let key = (try_copy(&cells)?, game.to_move().map_or(0, |p| p.number()));
        if let Some(&line) = tree.seen.get(&key) {
            return tree.line(SHORT_LINE, format_args!("same {line}"));
        }
        tree.seen.try_reserve(1)?;
        tree.seen.insert(key, tree.lines + 1);
        let Some(to_move) = game.to_move() else {
            return tree.line(SHORT_LINE, format_args!("end"));
        };
        // The tree's side attacks: it wins, or it cannot win.
        let (attacker, defender) = (tree.side, tree.side.other());
        if !tree.wins {
            let attacker_to_move = to_move == attacker;
            if let Some(pairs) = self.pairing(&cells, defender.number() as u8)? {
                return tree.line(pairs.len(), format_args!("{pairs}"));
            }
            if self.light(&cells, defender.number() as u8, attacker_to_move)? {
                return tree.line(SHORT_LINE, format_args!("weight"));
            }
        }
        let favoured = if tree.wins { attacker } else { defender };
        let moves = legal_cells(game)?;
        if to_move == favoured {
            // A defender's move after which a pairing holds ends the branch at once, and is
            // found far faster than the solver's move (which would also prove its length).
            let mut quick = None;
            if !tree.wins {
                let mut after = try_copy(&cells)?;
                for &cell in &moves {
                    after[cell] = favoured.number() as u8;
                    if self.pairing(&after, defender.number() as u8)?.is_some() {
                        quick = Some(cell);
                        break;
                    }
                    after[cell] = 0;
                }
            }
            let cell = match quick {
                Some(cell) => cell,
                None => solve_cell(game, self.budget)?.cell,
            };
            tree.line(SHORT_LINE, format_args!("move {cell}"))?;
            self.child(tree, game, cell)
        } else {
            tree.line(SHORT_LINE, format_args!("all"))?;
            moves.into_iter().try_for_each(|cell| self.child(tree, game, cell))
        }
    }

    /// The node after `cell` is played.
    fn child(&mut self, tree: &mut Tree, game: &mut Game, cell: usize) -> Result<(), Error> {
        let m = game.rules().move_at(cell);
        game.play(m.row, m.col)?;
        let result = self.node(tree, game);
        game.undo()?;
        result
    }

    /// The windows without a stone of `defender`'s, as their empty cells; `None` when one of
    /// them is full (the attacker has a line).
    fn live(&self, cells: &[u8], defender: u8) -> Result<Option<Vec<Vec<usize>>>, Error> {
        let mut live = try_with_capacity(self.windows.len())?;
        for w in &self.windows {
            if w.iter().any(|&c| cells[c] == defender) {
                continue;
            }
            let mut empty = try_with_capacity(w.len())?;
            empty.extend(w.iter().copied().filter(|&c| cells[c] == 0));
            if empty.is_empty() {
                return Ok(None);
            }
            live.push(empty);
        }
        Ok(Some(live))
    }

    /// The Erdős–Selfridge bound for the attacker's live windows.
    fn light(&self, cells: &[u8], defender: u8, attacker_to_move: bool) -> Result<bool, Error> {
        let Some(live) = self.live(cells, defender)? else { return Ok(false) };
        let sum: u128 = live.iter().map(|w| 1u128 << (64 - w.len().min(64))).sum();
        Ok(sum < if attacker_to_move { 1 << 63 } else { 1 << 64 })
    }

    /// A `pairs` line covering the attacker's live windows, if a short search finds one.
    fn pairing(&self, cells: &[u8], defender: u8) -> Result<Option<String>, Error> {
        let Some(live) = self.live(cells, defender)? else { return Ok(None) };
        let mut used = try_filled(false, cells.len())?;
        // Each pair takes two unused cells, so there are never more than half the cells.
        let mut pairs = try_with_capacity(cells.len() / 2 + 1)?;
        let mut steps = PAIRING_STEPS;
        if !cover(&live, &mut used, &mut pairs, &mut steps) {
            return Ok(None);
        }
        let mut line = String::new();
        // "pairs", then " A-B" with two numbers of at most 20 digits each.
        put(&mut line, 5 + pairs.len() * 42, format_args!("pairs"))?;
        for (a, b) in pairs {
            let _ = write!(line, " {a}-{b}");
        }
        Ok(Some(line))
    }
}

/// The board's cells, row-major.
fn board_cells(game: &Game) -> Result<Vec<u8>, Error> {
    let mut cells = try_with_capacity(game.rules().cells())?;
    cells.extend(game.board().cells().iter());
    Ok(cells)
}

/// The empty cells, ascending.
fn legal_cells(game: &Game) -> Result<Vec<usize>, Error> {
    let mut moves = try_with_capacity(game.rules().cells())?;
    moves.extend(game.legal_cells());
    Ok(moves)
}

/// Backtracking: pairs of unused empty cells covering every window of `live` not yet holding
/// both cells of a pair in `pairs`; false when none is found within `steps`. `pairs` has room
/// for every pair of unused cells, so pushing never allocates.
fn cover(live: &[Vec<usize>], used: &mut [bool], pairs: &mut Vec<(usize, usize)>, steps: &mut u32) -> bool {
    let covered =
        |w: &Vec<usize>, pairs: &[(usize, usize)]| pairs.iter().any(|(a, b)| w.contains(a) && w.contains(b));
    let Some(window) = live.iter().find(|w| !covered(w, pairs)) else { return true };
    for (i, &a) in window.iter().enumerate() {
        for &b in &window[i + 1..] {
            if used[a] || used[b] || *steps == 0 {
                continue;
            }
            *steps -= 1;
            (used[a], used[b]) = (true, true);
            pairs.push((a, b));
            if cover(live, used, pairs, steps) {
                return true;
            }
            pairs.pop();
            (used[a], used[b]) = (false, false);
        }
    }
    false
}

/// Every k-window of `game`'s board, as row-major cells.
fn windows(game: &Game) -> Result<Vec<Vec<usize>>, Error> {
    let rules = game.rules();
    let (rows, cols, k) = (i64::from(rules.rows()), i64::from(rules.cols()), i64::from(rules.k()));
    let mut out = Vec::new();
    for cell in 0..rules.cells() {
        let (r, c) = (cell as i64 / cols, cell as i64 % cols);
        for dir in Dir::ALL {
            let (dr, dc) = dir.step();
            let (er, ec) = (r + (k - 1) * dr, c + (k - 1) * dc);
            if (0..rows).contains(&er) && (0..cols).contains(&ec) {
                out.try_reserve(1)?;
                out.push(try_collect(
                    (0..k as usize).map(|i| ((r + i as i64 * dr) * cols + c + i as i64 * dc) as usize),
                )?);
            }
        }
    }
    Ok(out)
}
