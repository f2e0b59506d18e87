//! `ttt_game_move` has three bodies (src/ffi/moves.rs): on the "Design Tic-Tac-Toe" board
//! (n × n with k = n, beyond 64 cells: `Board::tallied_side`) a tallied one per player, which
//! hands every move it cannot make to the general one, `Game::move_as`; the general one for
//! every other board. Here every call through the C entry point, legal or not, is mirrored on a
//! twin game by `move_as`: the status, the winner and then the whole game (board, tallies,
//! history, redo list, turn, outcome) must agree. Games run to their end and past it, with
//! illegal calls, undo and redo, player 2 opening, histories that must grow, clones and games
//! loaded from text on the way.

use tictactoe::ffi::TttStatus::*;
use tictactoe::ffi::*;
use tictactoe::{Game, Player, Rules};

mod common;
use common::{Handle, Rng};

/// One game through the C ABI and its twin through `Game::move_as`.
struct Pair {
    handle: Handle,
    twin: Game,
}

impl Pair {
    fn new(rows: u32, cols: u32, k: u32) -> Pair {
        Pair {
            handle: Handle::new(rows, cols, k),
            twin: Game::new(Rules::new(rows, cols, k).unwrap()).unwrap(),
        }
    }

    /// A game loaded from `text` both ways.
    fn from_text(text: &str) -> Pair {
        let mut g = std::ptr::null_mut();
        assert_eq!(unsafe { ttt_game_from_text(text.as_ptr().cast(), text.len(), &mut g) }, TTT_OK);
        let pair = Pair { handle: Handle(g), twin: text.parse::<Game>().unwrap() };
        pair.check("loaded from text");
        pair
    }

    /// Copies of both (a clone's history holds exactly its moves, so it must grow at once).
    fn clone(&self) -> Pair {
        let mut g = std::ptr::null_mut();
        assert_eq!(unsafe { ttt_game_clone(self.handle.0, &mut g) }, TTT_OK);
        let pair = Pair { handle: Handle(g), twin: self.twin.try_clone().unwrap() };
        pair.check("cloned");
        pair
    }

    fn check(&self, what: &str) {
        assert!(self.handle.game() == self.twin, "the two games differ after {what}");
    }

    /// `ttt_game_move` and `move_as` with the same arguments: the same answer and the same
    /// game after it. Returns the status.
    fn mirror(&mut self, row: u32, col: u32, player: u32) -> TttStatus {
        let mut winner = 99;
        let status = unsafe { ttt_game_move(self.handle.0, row, col, player, &mut winner) };
        let want = Player::try_from(player).and_then(|p| self.twin.move_as(row, col, p));
        let what = format!("move ({row}, {col}) by {player}");
        match want {
            Ok(outcome) => {
                assert_eq!((status, winner), (TTT_OK, outcome.winner().map_or(0, Player::number)), "{what}")
            }
            Err(e) => assert_eq!((status, winner), (TttStatus::from(e), 99), "{what}"),
        }
        self.check(&what);
        status
    }

    fn undo(&mut self) {
        let status = unsafe { ttt_game_undo(self.handle.0) };
        assert_eq!(status, self.twin.undo().map_or_else(TttStatus::from, |()| TTT_OK));
        self.check("undo");
    }

    fn redo(&mut self) {
        let status = unsafe { ttt_game_redo(self.handle.0) };
        assert_eq!(status, self.twin.redo().map_or_else(TttStatus::from, |()| TTT_OK));
        self.check("redo");
    }

    fn empty_cells(&self) -> Vec<usize> {
        common::legal_cells(&self.twin)
    }
}

/// Plays one game on an n × n board (`pair`), mostly legal moves with every kind of illegal
/// call, undo and redo mixed in, to its end and a little past it. With a `target` line (its
/// cells), its owner and a delay, the other player never plays on the line and the owner
/// plays there once the delay (in moves) is over, so that games are won by either player, on
/// every kind of line, early or late; without one, play is random (a draw on big boards).
fn play(pair: &mut Pair, n: u32, rng: &mut Rng, target: Option<(&[usize], u32, usize)>) {
    let mut moves = 0;
    let mut after_end = 0;
    while after_end < 4 {
        let empty = pair.empty_cells();
        let to_move = common::next_player(&pair.twin);
        let cell = match (target, empty.is_empty()) {
            (_, true) => rng.pick(n as usize * n as usize),
            (Some((line, owner, delay)), false) => {
                let on_line = |c: &usize| match (to_move == owner, moves >= delay) {
                    (true, true) => line.contains(c),
                    (true, false) => true,
                    (false, _) => !line.contains(c),
                };
                let choices: Vec<usize> = empty.iter().copied().filter(on_line).collect();
                *choices.get(rng.pick(choices.len().max(1))).unwrap_or(&empty[0])
            }
            (None, false) => empty[rng.pick(empty.len())],
        };
        let (row, col) = (cell as u32 / n, cell as u32 % n);
        match rng.pick(20) {
            0 => _ = pair.mirror(row, col, [0, 3, 7, u32::MAX][rng.pick(4)]),
            1 => _ = pair.mirror([n, u32::MAX][rng.pick(2)], col, to_move),
            2 => _ = pair.mirror(row, [n, u32::MAX][rng.pick(2)], to_move),
            3 => _ = pair.mirror(row, col, 3 - to_move),
            4 if pair.twin.moves().len() > 0 => {
                let moves: Vec<_> = pair.twin.moves().collect();
                let taken = moves[rng.pick(moves.len())];
                pair.mirror(taken.row, taken.col, to_move);
            }
            5 => {
                pair.undo();
                if rng.pick(2) == 0 {
                    pair.redo();
                }
            }
            _ => {
                if pair.twin.outcome() != tictactoe::Outcome::Pending {
                    after_end += 1;
                }
                if pair.mirror(row, col, to_move) == TTT_OK {
                    moves += 1;
                }
            }
        }
    }
}

/// The cells of line `i` of an n × n board: rows, columns, then the two diagonals.
fn line(n: usize, i: usize) -> Vec<usize> {
    match i {
        i if i < n => (0..n).map(|c| i * n + c).collect(),
        i if i < 2 * n => (0..n).map(|r| r * n + i - n).collect(),
        i if i == 2 * n => (0..n).map(|d| d * n + d).collect(),
        _ => (0..n).map(|d| d * n + n - 1 - d).collect(),
    }
}

#[test]
fn both_bodies_of_a_move_agree_on_design_boards() {
    let mut rng = Rng(0x00D3_516E);
    let mut won_by = [0; 3];
    // 9 and 10: the smallest boards with tallied bodies; 17 x 17 = 289 moves outgrow the first
    // history (256); 40 x 40 outgrows it four times.
    for (n, games) in [(9, 60), (10, 30), (17, 16), (40, 4)] {
        for game in 0..games {
            let mut pair = Pair::new(n, n, n);
            if game % 3 == 0 {
                // Player 2 opens.
                let cell = rng.pick(n as usize * n as usize) as u32;
                assert_eq!(pair.mirror(cell / n, cell % n, 2), TTT_OK);
            }
            let lines = 2 * n as usize + 2;
            let owner = 1 + rng.pick(2) as u32;
            let delay = rng.pick(n as usize * n as usize * 3 / 4);
            let target = (game % 4 != 3).then(|| line(n as usize, rng.pick(lines)));
            let target = target.as_deref().map(|cells| (cells, owner, delay));
            play(&mut pair, n, &mut rng, target);
            won_by[pair.twin.outcome().winner().map_or(0, Player::number) as usize] += 1;
        }
    }
    // Both players won games and some were drawn, so both endings went through both bodies.
    assert!(won_by.iter().all(|&w| w > 0), "wins by nobody, X, O: {won_by:?}");
}

#[test]
fn both_bodies_agree_on_clones_and_games_loaded_from_text() {
    let mut rng = Rng(0x7E47);
    for n in [9, 12] {
        for _ in 0..6 {
            // A position some moves in, as text: the loaded game's history starts with its
            // stones (or none), and the clone's has no room left.
            let mut start = Pair::new(n, n, n);
            for _ in 0..rng.pick(2 * n as usize) {
                let empty = start.empty_cells();
                let cell = empty[rng.pick(empty.len())] as u32;
                start.mirror(cell / n, cell % n, common::next_player(&start.twin));
            }
            let mut copy = start.clone();
            play(&mut copy, n, &mut rng, None);
            let mut loaded = Pair::from_text(&start.twin.to_string());
            play(&mut loaded, n, &mut rng, None);
        }
    }
}

#[test]
fn other_boards_take_the_general_body_and_agree_too() {
    // Not n x n with k = n beyond 64 cells: 3 x 3 and 8 x 8 (bitboards or walks), k < n,
    // and non-square boards with k = the longer side.
    let mut rng = Rng(0x0BE5);
    for (rows, cols, k) in [(3, 3, 3), (8, 8, 8), (9, 9, 5), (12, 9, 12), (9, 12, 12)] {
        for _ in 0..10 {
            let mut pair = Pair::new(rows, cols, k);
            let mut steps = 0;
            while pair.twin.outcome() == tictactoe::Outcome::Pending && steps < 400 {
                let (row, col) = (rng.pick(rows as usize + 1) as u32, rng.pick(cols as usize + 1) as u32);
                let player = [common::next_player(&pair.twin), 1, 2, 0][rng.pick(4)];
                pair.mirror(row, col, player);
                steps += 1;
            }
        }
    }
}
