//! A slow brute-force threat prover, written from the definitions: plain recursion over every
//! four (and in a VCT every three) of the attacker's and every real defence, deepened two
//! plies at a time, so the first length it proves is the shortest. It shares no code with the
//! library; positions are remembered by their whole board.

use std::collections::HashMap;

use super::plain::Plain;

/// The prover gave up: more nodes than its cap.
#[derive(Debug)]
pub struct Capped;

pub struct Brute {
    board: Plain,
    attacker: u8,
    threes: bool,
    nodes: u64,
    cap: u64,
    /// Per board and depth left: whether the attacker wins, and whether the answer was cut
    /// short by the depth (a deeper search might say more).
    memo: HashMap<(Vec<u8>, u32), (bool, bool)>,
    /// The depth cut some line short since this was last cleared.
    cut: bool,
}

/// The plies of the shortest threat win of `attacker`, taken to be to move on `board` (fours
/// only when `!threes`), counting the attacker's first move as 1 and the defender's longest
/// defence; `Ok(None)` when there is none within `max_plies` (or none at all).
pub fn shortest(
    board: &Plain,
    attacker: u8,
    threes: bool,
    max_plies: u32,
    cap: u64,
) -> Result<Option<u32>, Capped> {
    let mut brute =
        Brute { board: board.clone(), attacker, threes, nodes: 0, cap, memo: HashMap::new(), cut: false };
    for depth in (1..=max_plies).step_by(2) {
        brute.cut = false;
        if brute.attack(depth)? {
            return Ok(Some(depth));
        }
        if !brute.cut {
            return Ok(None);
        }
    }
    Ok(None)
}

impl Brute {
    fn defender(&self) -> u8 {
        3 - self.attacker
    }

    fn count(&mut self) -> Result<(), Capped> {
        self.nodes += 1;
        if self.nodes > self.cap {
            return Err(Capped);
        }
        Ok(())
    }

    /// The remembered answer for this board and depth, else `search`'s.
    fn remembered(
        &mut self,
        depth: u32,
        search: fn(&mut Brute, u32) -> Result<bool, Capped>,
    ) -> Result<bool, Capped> {
        let key = (self.board.cells.clone(), depth);
        if let Some(&(wins, cut)) = self.memo.get(&key) {
            self.cut |= cut;
            return Ok(wins);
        }
        let outer = std::mem::replace(&mut self.cut, false);
        let wins = search(self, depth)?;
        self.memo.insert(key, (wins, self.cut));
        self.cut |= outer;
        Ok(wins)
    }

    /// Plays `cell` for `stone`, runs `then`, and takes the stone back.
    fn with(
        &mut self,
        cell: usize,
        stone: u8,
        then: impl FnOnce(&mut Brute) -> Result<bool, Capped>,
    ) -> Result<bool, Capped> {
        self.board.cells[cell] = stone;
        let result = then(self);
        self.board.cells[cell] = 0;
        result
    }

    /// The attacker, to move, wins within `depth` plies.
    fn attack(&mut self, depth: u32) -> Result<bool, Capped> {
        self.count()?;
        if !self.board.win_cells(self.attacker).is_empty() {
            return Ok(true);
        }
        if depth < 3 {
            self.cut = true;
            return Ok(false);
        }
        self.remembered(depth, Brute::threaten)
    }

    /// `attack` past a win in one: the block of the defender's four, else every threat.
    fn threaten(&mut self, depth: u32) -> Result<bool, Capped> {
        let (a, d, threes) = (self.attacker, self.defender(), self.threes);
        let blocks = self.board.win_cells(d);
        let (moves, forced) = match blocks.len() {
            0 => (self.board.near(a), false),
            1 => (blocks, true),
            _ => return Ok(false),
        };
        for m in moves {
            let wins = self.with(m, a, |brute| {
                if forced || brute.board.threatens(m, a, threes) {
                    brute.defend(depth - 1)
                } else {
                    Ok(false)
                }
            })?;
            if wins {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// The attacker wins within `depth` plies, the defender to move.
    fn defend(&mut self, depth: u32) -> Result<bool, Capped> {
        self.count()?;
        let (a, d) = (self.attacker, self.defender());
        if !self.board.win_cells(d).is_empty() {
            return Ok(false);
        }
        let fours = self.board.win_cells(a);
        let replies = match fours.len() {
            2.. => return Ok(true),
            1 => fours,
            _ if !self.threes || self.board.double_fours(a).is_empty() => return Ok(false),
            _ if depth < 4 => {
                self.cut = true;
                return Ok(false);
            }
            // With no answer every move loses to a double four: 4 plies.
            _ => self.board.answers_to_three(d),
        };
        for r in replies {
            if !self.with(r, d, |brute| brute.attack(depth - 1))? {
                return Ok(false);
            }
        }
        Ok(true)
    }
}
