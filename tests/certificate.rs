//! Certificates (`ai::certificate`) checked by a checker written here from the rules alone: its
//! own parsing, board, line test, pairing test, Erdős–Selfridge sum and board symmetries,
//! sharing no code with the solver. It accepts the certificates of boards whose values are
//! known (7,7,5 among them), and rejects every certificate corrupted in a way that breaks a
//! proof.
//!
//! What the checker relies on beyond the rules: an extra stone never hurts its owner. If the
//! attacker cannot win a position, it cannot win one with fewer attacker stones (same defender
//! stones, same side to move): a win from the smaller position would be a win from the larger
//! one, the attacker playing it as it is and any free cell where it says to play on a stone it
//! already has. So a `zone` node may give the attacker every empty cell outside its zone, and
//! a `some` node need not prove the attacker's moves onto a cell that one of its children's
//! positions already gives the attacker.

use std::collections::HashMap;
use tictactoe::{ai, Error, Game, Rules};

/// A board's shape, every window of k cells in a straight line (as a cell mask) and its
/// symmetries (as cell permutations: where each cell goes).
struct Board {
    rows: usize,
    cols: usize,
    windows: Vec<u128>,
    symmetries: Vec<Vec<usize>>,
}

/// Where a symmetry takes (row, col).
type CellMap = Box<dyn Fn(usize, usize) -> (usize, usize)>;

/// A position: each side's stones (X is 1, O is 2) and the side to move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Pos {
    stones: [u128; 2],
    to_move: u8,
}

impl Board {
    fn new(rows: usize, cols: usize, k: usize) -> Board {
        assert!(rows * cols <= 128, "the checker keeps a board in 128 bits");
        let mut windows = Vec::new();
        for r in 0..rows as i64 {
            for c in 0..cols as i64 {
                for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                    let cells: Vec<(i64, i64)> = (0..k as i64).map(|i| (r + i * dr, c + i * dc)).collect();
                    if cells.iter().all(|&(r, c)| r >= 0 && c >= 0 && r < rows as i64 && c < cols as i64) {
                        windows.push(cells.iter().fold(0u128, |m, &(r, c)| m | 1 << (r * cols as i64 + c)));
                    }
                }
            }
        }
        // The reflections of the rectangle, and on a square the transpose with them.
        let mut maps: Vec<CellMap> = vec![
            Box::new(|r, c| (r, c)),
            Box::new(move |r, c| (rows - 1 - r, c)),
            Box::new(move |r, c| (r, cols - 1 - c)),
            Box::new(move |r, c| (rows - 1 - r, cols - 1 - c)),
        ];
        if rows == cols {
            maps.push(Box::new(|r, c| (c, r)));
            maps.push(Box::new(move |r, c| (rows - 1 - c, r)));
            maps.push(Box::new(move |r, c| (c, cols - 1 - r)));
            maps.push(Box::new(move |r, c| (rows - 1 - c, cols - 1 - r)));
        }
        let symmetries = maps
            .iter()
            .map(|map| {
                (0..rows * cols)
                    .map(|cell| {
                        let (r, c) = map(cell / cols, cell % cols);
                        r * cols + c
                    })
                    .collect()
            })
            .collect();
        Board { rows, cols, windows, symmetries }
    }

    fn all(&self) -> u128 {
        u128::MAX >> (128 - self.rows * self.cols)
    }

    fn empty(&self, pos: &Pos) -> u128 {
        self.all() & !(pos.stones[0] | pos.stones[1])
    }

    fn has_line(&self, stones: u128) -> bool {
        self.windows.iter().any(|&w| w & !stones == 0)
    }

    fn over(&self, pos: &Pos) -> bool {
        self.has_line(pos.stones[0]) || self.has_line(pos.stones[1]) || self.empty(pos) == 0
    }

    fn play(&self, pos: &Pos, cell: usize) -> Result<Pos, String> {
        if cell >= self.rows * self.cols || self.empty(pos) & 1 << cell == 0 {
            return Err(format!("cell {cell} is not empty"));
        }
        let mut next = *pos;
        next.stones[pos.to_move as usize - 1] |= 1 << cell;
        next.to_move = 3 - pos.to_move;
        Ok(next)
    }

    /// `pos` under each symmetry.
    fn images<'a>(&'a self, pos: &'a Pos) -> impl Iterator<Item = Pos> + 'a {
        self.symmetries.iter().map(|perm| {
            let map = |stones: u128| {
                (0..perm.len()).filter(|&c| stones & 1 << c != 0).fold(0, |m, c| m | 1 << perm[c])
            };
            Pos { stones: [map(pos.stones[0]), map(pos.stones[1])], to_move: pos.to_move }
        })
    }

    /// The windows with no stone of `defender`'s, as their empty cells.
    fn live<'a>(&'a self, pos: &'a Pos, defender: u8) -> impl Iterator<Item = u128> + 'a {
        let (theirs, empty) = (pos.stones[defender as usize - 1], self.empty(pos));
        self.windows.iter().filter(move |&&w| w & theirs == 0).map(move |&w| w & empty)
    }
}

/// From the game's text form `R,C,K:row/row/...:P`.
fn parse(text: &str) -> Result<(Board, Pos), String> {
    let parts: Vec<&str> = text.split(':').collect();
    let [dims, board, side] = parts[..] else { return Err(format!("bad position {text}")) };
    let dims: Vec<usize> =
        dims.split(',').map(|d| d.parse().map_err(|_| "bad size".to_string())).collect::<Result<_, _>>()?;
    let [rows, cols, k] = dims[..] else { return Err("bad size".into()) };
    let cells: Vec<char> = board.chars().filter(|&c| c != '/').collect();
    if cells.len() != rows * cols {
        return Err("wrong cell count".into());
    }
    let mut stones = [0u128; 2];
    for (i, c) in cells.into_iter().enumerate() {
        match c {
            '.' => {}
            'X' => stones[0] |= 1 << i,
            'O' => stones[1] |= 1 << i,
            _ => return Err(format!("bad cell {c}")),
        }
    }
    let to_move = match side {
        "X" => 1,
        "O" => 2,
        _ => return Err(format!("bad side {side}")),
    };
    Ok((Board::new(rows, cols, k), Pos { stones, to_move }))
}

/// One tree's claim: `side` wins, or (`wins` false) `side` cannot win.
struct Claim {
    side: u8,
    wins: bool,
}

/// Checks a whole certificate of the game whose text is `position`; Ok(value) when valid.
/// Versions 1 and 2 are read alike (version 1 has no `some` or `zone`).
fn check(certificate: &str, position: &str) -> Result<String, String> {
    let lines: Vec<&str> = certificate.lines().collect();
    let header = |i: usize, prefix: &str| {
        lines.get(i).and_then(|l| l.strip_prefix(prefix)).ok_or(format!("line {}: {prefix}", i + 1))
    };
    if !matches!(lines.first(), Some(&"certificate 1" | &"certificate 2")) {
        return Err("not a certificate".into());
    }
    if header(1, "position ")? != position {
        return Err("another position".into());
    }
    let (board, root) = parse(position)?;
    let value = header(2, "value ")?.to_string();
    let (mover, other) = (root.to_move, 3 - root.to_move);
    let trees: Vec<Claim> = match value.as_str() {
        "win" => vec![Claim { side: mover, wins: true }],
        "loss" => vec![Claim { side: other, wins: true }],
        "draw" => vec![Claim { side: mover, wins: false }, Claim { side: other, wins: false }],
        _ => return Err("bad value".into()),
    };
    let mut at = 3;
    for claim in trees {
        let name = if claim.side == 1 { 'X' } else { 'O' };
        let want = format!("tree {name} {}", if claim.wins { "wins" } else { "cannot-win" });
        if lines.get(at) != Some(&want.as_str()) {
            return Err(format!("line {}: want {want}", at + 1));
        }
        at += 1;
        let mut tree = Tree::new(&board, &lines, at, claim);
        tree.node(root)?;
        at = tree.at;
    }
    if at != lines.len() {
        return Err("lines after the trees".into());
    }
    Ok(value)
}

/// One tree being checked: the next line, the tree's first line, and by line number within
/// the tree (from 1) each node that a `same` names, with its position once its subtree is
/// checked.
struct Tree<'a> {
    board: &'a Board,
    lines: &'a [&'a str],
    at: usize,
    start: usize,
    claim: Claim,
    done: HashMap<usize, Option<Pos>>,
}

impl<'a> Tree<'a> {
    /// The tree whose first line is `lines[at]`, up to the next `tree` line.
    fn new(board: &'a Board, lines: &'a [&'a str], at: usize, claim: Claim) -> Tree<'a> {
        let named = lines[at..].iter().take_while(|l| !l.starts_with("tree "));
        let done = named.filter_map(|l| l.strip_prefix("same ")?.parse().ok()).map(|n| (n, None)).collect();
        Tree { board, lines, at, start: at, claim, done }
    }
}

/// The cells of a list `C C C ...`, each an empty cell of `pos`, none twice, as a mask.
fn cell_list(board: &Board, pos: &Pos, rest: &str) -> Result<(Vec<usize>, u128), String> {
    let mut cells = Vec::new();
    let mut mask = 0u128;
    for word in rest.split_whitespace() {
        let cell: usize = word.parse().map_err(|_| format!("bad cell {word}"))?;
        if cell >= 128 || board.empty(pos) & 1 << cell == 0 || mask & 1 << cell != 0 {
            return Err(format!("cell {cell} is not a new empty cell"));
        }
        mask |= 1 << cell;
        cells.push(cell);
    }
    Ok((cells, mask))
}

impl Tree<'_> {
    /// Checks the node at the next line (then its children) proving the claim about `pos`.
    /// Returns the position it proves the claim for: `pos`, or after a `zone` the position
    /// with more attacker stones that its next node proves.
    fn node(&mut self, pos: Pos) -> Result<Pos, String> {
        let line = *self.lines.get(self.at).ok_or("the tree ends early")?;
        let number = self.at - self.start + 1;
        self.at += 1;
        let fail = |why: &str| Err(format!("tree line {number} ({line}): {why}"));
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        let claim = &self.claim;
        let favoured = if claim.wins { claim.side } else { 3 - claim.side };
        let (attacker, defender) = (claim.side, 3 - claim.side);
        let board = self.board;
        let mut proved = pos;
        match word {
            "end" => {
                let line = board.has_line(pos.stones[attacker as usize - 1]);
                if !board.over(&pos) || line != claim.wins || !rest.is_empty() {
                    return fail("not a finished game with the claim true");
                }
            }
            "same" => {
                let earlier = rest.parse::<usize>().ok().and_then(|n| self.done.get(&n).copied().flatten());
                if !earlier.is_some_and(|e| board.images(&e).any(|image| image == pos)) {
                    return fail("not the position of an earlier node, nor an image of one");
                }
            }
            _ if board.over(&pos) && matches!(word, "move" | "all" | "some" | "zone") => {
                return fail("the game is over");
            }
            "move" => {
                let cell: usize = rest.parse().map_err(|_| format!("line {number}: bad cell"))?;
                if pos.to_move != favoured {
                    return fail("not the favoured side's move");
                }
                self.node(board.play(&pos, cell)?)?;
            }
            "all" => {
                if pos.to_move == favoured || !rest.is_empty() {
                    return fail("not the other side's move");
                }
                for cell in (0..128).filter(|&c| board.empty(&pos) & 1 << c != 0) {
                    self.node(board.play(&pos, cell)?)?;
                }
            }
            "some" if !claim.wins => {
                if pos.to_move != attacker {
                    return fail("not the attacker's move");
                }
                let a = attacker as usize - 1;
                let (cells, listed) = cell_list(board, &pos, rest)?;
                let mut given = 0u128;
                for cell in cells {
                    let after = board.play(&pos, cell)?;
                    let child = self.node(after)?;
                    // A zone only adds attacker stones; checked again all the same.
                    if child.stones[1 - a] != after.stones[1 - a]
                        || child.stones[a] & after.stones[a] != after.stones[a]
                    {
                        return fail("a child proves another position");
                    }
                    given |= child.stones[a];
                }
                // After any other move the defender completes a line, the attacker having none.
                let lost = |cell: usize| {
                    let after = board.play(&pos, cell).unwrap();
                    let (mine, theirs) = (after.stones[a], after.stones[1 - a]);
                    !board.has_line(mine)
                        && board.windows.iter().any(|&w| w & mine == 0 && (w & !theirs).count_ones() == 1)
                };
                // Every window through x open to a side (without a stone of the other's) passes
                // through y: a stone on x does no more than one on y (see `dominated`).
                let dominated = |x: usize| {
                    let (a_stones, d_stones) = (pos.stones[a], pos.stones[1 - a]);
                    let open = |w: &&u128| *w & 1 << x != 0 && (*w & a_stones == 0 || *w & d_stones == 0);
                    let through: Vec<u128> = board.windows.iter().filter(open).copied().collect();
                    let tried = listed & board.empty(&pos);
                    (0..128).any(|y| y != x && tried & 1 << y != 0 && through.iter().all(|w| w & 1 << y != 0))
                };
                let open = board.empty(&pos) & !listed & !given;
                if (0..128).any(|cell| open & 1 << cell != 0 && !lost(cell) && !dominated(cell)) {
                    return fail("an attacker's move is neither listed nor given to it in a child");
                }
            }
            "zone" if !claim.wins => {
                let (_, kept) = cell_list(board, &pos, rest)?;
                let given = board.empty(&pos) & !kept;
                if given == 0 {
                    return fail("a zone that gives the attacker nothing");
                }
                let mut saturated = pos;
                saturated.stones[attacker as usize - 1] |= given;
                proved = self.node(saturated)?;
            }
            "pairs" if !claim.wins => {
                let mut used = 0u128;
                let mut pairs = Vec::new();
                for pair in rest.split_whitespace() {
                    let (a, b) = pair.split_once('-').ok_or("bad pair")?;
                    let (a, b): (usize, usize) =
                        (a.parse().map_err(|_| "bad pair")?, b.parse().map_err(|_| "bad pair")?);
                    let both =
                        1u128.checked_shl(a as u32).unwrap_or(0) | 1u128.checked_shl(b as u32).unwrap_or(0);
                    if a == b || a >= 128 || b >= 128 || board.empty(&pos) & both != both || used & both != 0
                    {
                        return fail("a pair is not two unused empty cells");
                    }
                    used |= both;
                    pairs.push(both);
                }
                if !board.live(&pos, defender).all(|w| pairs.iter().any(|&p| p & !w == 0)) {
                    return fail("a window without a defender stone holds no pair");
                }
            }
            "weight" if !claim.wins && rest.is_empty() => {
                // Sum of 2^-(empty cells) in units of 2^-64, a window of more than 64 empty
                // cells rounded up to one unit; a full window weighs 2^64.
                let sum: u128 = board
                    .live(&pos, defender)
                    .map(|w| 64u32.checked_sub(w.count_ones()).map_or(1, |e| 1u128 << e))
                    .sum();
                let bound = if pos.to_move == attacker { 1u128 << 63 } else { 1u128 << 64 };
                if sum >= bound {
                    return fail("the windows weigh too much");
                }
            }
            _ => return fail("unknown node"),
        }
        if let Some(slot) = self.done.get_mut(&number) {
            *slot = Some(pos);
        }
        Ok(proved)
    }
}

fn certificate_of(rows: u32, cols: u32, k: u32, moves: &[(u32, u32)]) -> (String, String) {
    let mut game = Game::new(Rules::new(rows, cols, k).unwrap()).unwrap();
    for &(r, c) in moves {
        game.play(r, c).unwrap();
    }
    (ai::certificate(&game, 1 << 23).unwrap(), game.to_string())
}

/// Known values (tic-tac-toe is a draw, 4,4,3 a first-player win, 4,4,4, 5,5,4 and 6,6,5
/// draws; after a blunder on 3,3,3, or against an open four on 8 x 8, a loss), each
/// certificate accepted.
#[test]
#[cfg_attr(miri, ignore = "seconds of solving")]
fn certificates_of_known_values_check() {
    for (rows, cols, k, moves, value) in [
        (3, 3, 3, &[][..], "draw"),
        (3, 3, 3, &[(0, 0), (0, 1)], "win"),
        (3, 3, 3, &[(0, 1), (1, 1), (2, 1)], "win"),
        (3, 3, 3, &[(0, 0), (0, 1), (1, 1)], "loss"),
        (4, 4, 3, &[], "win"),
        (4, 4, 4, &[], "draw"),
        (5, 5, 4, &[], "draw"),
        (6, 6, 5, &[], "draw"),
        // 8 x 8 is on the solver's 128-bit words: O to move against X's open four.
        (8, 8, 5, &[(3, 2), (0, 0), (3, 3), (0, 7), (3, 4), (7, 0), (3, 5)], "loss"),
    ] {
        let (text, position) = certificate_of(rows, cols, k, moves);
        assert_eq!(check(&text, &position), Ok(value.to_string()), "{rows},{cols},{k} {moves:?}\n{text}");
    }
}

/// The 7,7,5 draw: both trees, about 2.4 million lines (73 MB), built and checked in
/// seconds (docs/ai.md has the numbers).
#[test]
#[cfg_attr(miri, ignore = "seconds of solving")]
fn certificate_of_7_7_5_checks() {
    let (text, position) = certificate_of(7, 7, 5, &[]);
    assert_eq!(check(&text, &position), Ok("draw".to_string()));
    // The `cannot-win` trees stand on zones: most of the attacker's moves are covered by them.
    let some = text.lines().filter(|l| l.starts_with("some ")).count();
    assert!(some > 0 && text.lines().filter(|l| l.starts_with("zone ")).count() > some);
}

/// Every corruption that breaks a proof is rejected: a move onto a stone, a leaf claimed to
/// be the end of the game, a pairing stripped of its pairs or given a pair of one cell, a
/// `same` pointing at the tree's first position, a zone that drops the cell the defender
/// then plays or lists a cell off the board, a line dropped or added, the value changed.
#[test]
#[cfg_attr(miri, ignore = "seconds of solving")]
fn corrupted_certificates_are_rejected() {
    let mut kinds = [0usize; 7];
    for (rows, cols, k, moves) in
        [(3, 3, 3, &[][..]), (4, 4, 3, &[]), (4, 4, 4, &[]), (3, 3, 3, &[(0, 0), (0, 1)]), (6, 6, 5, &[])]
    {
        let (text, position) = certificate_of(rows, cols, k, moves);
        assert!(check(&text, &position).is_ok());
        let lines: Vec<&str> = text.lines().collect();
        let (_, root) = parse(&position).unwrap();
        let stones: Vec<usize> =
            (0..128).filter(|&c| (root.stones[0] | root.stones[1]) & 1 << c != 0).collect();
        for (i, line) in lines.iter().enumerate() {
            let mut bad = Vec::new();
            if line.starts_with("move ") {
                // The root's stones are on the board wherever the move is made.
                bad.extend(stones.iter().map(|s| format!("move {s}")));
                bad.push(format!("move {}", rows * cols));
                kinds[0] += 1;
            }
            if line.starts_with("pairs") || line == &"weight" {
                bad.push("end".into());
                kinds[1] += 1;
            }
            if let Some(pairs) = line.strip_prefix("pairs ") {
                bad.push("pairs".into());
                let first = pairs.split_whitespace().next().unwrap();
                let (a, _) = first.split_once('-').unwrap();
                bad.push(line.replacen(first, &format!("{a}-{a}"), 1));
                kinds[2] += 1;
            }
            if line.starts_with("same ") {
                bad.push("same 1".into());
                kinds[3] += 1;
            }
            if line == &"all" {
                bad.push("move 0".into());
                kinds[4] += 1;
            }
            let next = lines.get(i + 1).and_then(|l| l.strip_prefix("move "));
            if let (Some(zone), Some(next)) = (line.strip_prefix("zone "), next) {
                let kept: Vec<&str> = zone.split_whitespace().filter(|&c| c != next).collect();
                bad.push(format!("zone {}", kept.join(" ")).trim_end().to_string());
                bad.push(format!("{line} {}", rows * cols));
                kinds[5] += 1;
            }
            if line.starts_with("some ") {
                bad.push(format!("{line} {}", rows * cols));
                kinds[6] += 1;
            }
            for replacement in bad {
                let mut corrupt = lines.clone();
                corrupt[i] = &replacement;
                let corrupt = corrupt.join("\n");
                assert!(check(&corrupt, &position).is_err(), "line {} -> {replacement}:\n{corrupt}", i + 1);
            }
        }
        let dropped = lines[..lines.len() - 1].join("\n");
        assert!(check(&dropped, &position).is_err());
        assert!(check(&format!("{text}end\n"), &position).is_err());
        for value in ["win", "draw", "loss"] {
            let changed = text.replacen(lines[2], &format!("value {value}"), 1);
            assert_eq!(check(&changed, &position).is_ok(), lines[2] == format!("value {value}"), "{value}");
        }
        assert!(check(&text, "3,3,3:X../.../...:O").is_err() || position == "3,3,3:X../.../...:O");
    }
    assert!(kinds.iter().all(|&n| n > 0), "every kind of node seen: {kinds:?}");
}

/// The checker itself, on certificates written by hand.
#[test]
fn the_checker_on_hand_written_certificates() {
    let win = "certificate 1\nposition 3,3,3:XX./OO./...:X\nvalue win\ntree X wins\nmove 2\nend\n";
    assert_eq!(check(win, "3,3,3:XX./OO./...:X"), Ok("win".into()));
    assert!(check(&win.replace("move 2", "move 8"), "3,3,3:XX./OO./...:X").is_err()); // no line
    assert!(check(&win.replace("move 2", "move 6"), "3,3,3:XX./OO./...:X").is_err());
    // O cannot win once X holds the centre and O's windows are paired... a bad pairing fails.
    let draw = "certificate 1\nposition 1,4,3:....:X\nvalue draw\ntree X cannot-win\npairs 1-2\ntree O cannot-win\npairs 1-2\n";
    assert_eq!(check(draw, "1,4,3:....:X"), Ok("draw".into()));
    assert!(check(&draw.replace("pairs 1-2\ntree O", "pairs 0-1\ntree O"), "1,4,3:....:X").is_err());
    // Two windows of three empty cells weigh 1/4: below 1/2, so X cannot win.
    assert!(check(&draw.replace("pairs 1-2\ntree O", "weight\ntree O"), "1,4,3:....:X").is_ok());
    // One window short of one stone weighs 1/2: too much with X to move, not with O to move.
    for (position, ok) in [("1,3,3:XX.:X", false), ("1,3,3:XX.:O", true), ("1,3,3:XXX:O", false)] {
        let (board, pos) = parse(position).unwrap();
        let claim = Claim { side: 1, wins: false };
        let mut tree = Tree::new(&board, &["weight"], 0, claim);
        assert_eq!(tree.node(pos).is_ok(), ok, "{position}");
    }
    let light = "certificate 1\nposition 1,4,4:X...:O\nvalue draw\ntree O cannot-win\nmove 1\nend\n";
    assert!(check(light, "1,4,4:X...:O").is_err()); // a draw needs both trees
}

/// Whether `lines` prove that X cannot win `position`, by the checker.
fn x_cannot_win(position: &str, lines: &str) -> Result<Pos, String> {
    let (board, pos) = parse(position).unwrap();
    let lines: Vec<&str> = lines.lines().collect();
    let mut tree = Tree::new(&board, &lines, 0, Claim { side: 1, wins: false });
    let proved = tree.node(pos)?;
    if tree.at != lines.len() {
        return Err("lines left over".into());
    }
    Ok(proved)
}

/// `some` and `zone` by hand on one row of four, k = 3: X's moves, each refuted after giving X
/// every empty cell outside a zone; a move neither tried nor given to X in a child, nor
/// dominated by a tried one, nor leaving O a line to complete, is a gap.
#[test]
fn the_checker_on_zones_by_hand() {
    let row = "1,4,3:....:X";
    // After X on 1, X also gets 0 and 3, and O's answer on 2 still leaves X no line.
    assert!(x_cannot_win(row, "some 1 2\nzone 2\nmove 2\nend\nzone 1\nmove 1\nend").is_ok());
    // A zone node proves the position with the attacker's extra stones.
    let proved = x_cannot_win("1,4,3:.X..:O", "zone 2\nmove 2\nend").unwrap();
    assert_eq!(proved.stones, [0b1011, 0]);
    // Every window through 0, 2 or 3 passes through 1: X on 1 dominates them.
    assert!(x_cannot_win(row, "some 1\nzone 2\nmove 2\nend").is_ok());
    // X on 0 covers 2 and 3 through the zone, but neither covers nor dominates 1.
    assert!(x_cannot_win(row, "some 0\nzone 1\nmove 1\nend").is_err());
    assert!(x_cannot_win(row, "some").is_err());
    // A zone that gives X a line: the game is over before O's move.
    assert!(x_cannot_win(row, "some 1 2\nzone 3\nmove 3\nend\nzone 1\nmove 1\nend").is_err());
    // A zone that gives X nothing, or keeps a cell that is not empty.
    assert!(x_cannot_win("1,4,3:.X..:O", "zone 0 2 3\nmove 2\nsome 0\nmove 3\nend").is_err());
    assert!(x_cannot_win("1,4,3:.X..:O", "zone 1 2\nmove 2\nend").is_err());
    // O threatens two lines: every move of X's leaves O one to complete.
    assert!(x_cannot_win("1,5,3:.OO..:X", "some").is_ok());
    assert!(x_cannot_win("1,5,3:.OO..:O", "some").is_err()); // not X's move
                                                             // A `same` must point at a finished node: here at the tree's own first line.
    assert!(x_cannot_win(row, "some 1\nzone 2\nsame 1").is_err());
}

#[test]
fn certificate_errors() {
    let game = Game::new(Rules::new(5, 5, 4).unwrap()).unwrap();
    assert_eq!(ai::certificate(&game, 10), Err(Error::TooHard));
    assert_eq!(ai::certificate(&game, 0), Err(Error::InvalidArgument));
    let mut over = Game::new(Rules::new(3, 3, 3).unwrap()).unwrap();
    for (r, c) in [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)] {
        over.play(r, c).unwrap();
    }
    assert_eq!(ai::certificate(&over, 100), Err(Error::GameOver));
}

/// `ttt_game_certificate`: the text of `ai::certificate` with a NUL, its length reported when
/// the buffer is too small; nothing written on failure; the game unchanged.
#[test]
fn c_certificate_contract() {
    use tictactoe::ffi::TttStatus::*;
    use tictactoe::ffi::*;
    let text = "4,4,4:XXOO/OOXX/XXOO/....:X";
    let mut game = std::ptr::null_mut();
    assert_eq!(unsafe { ttt_game_from_text(text.as_ptr().cast(), text.len(), &mut game) }, TTT_OK);
    let want = ai::certificate(&text.parse().unwrap(), 1 << 20).unwrap();
    let mut len = 0;
    let status = unsafe { ttt_game_certificate(game, 1 << 20, std::ptr::null_mut(), 0, &mut len) };
    assert_eq!((status, len), (TTT_BUFFER_TOO_SMALL, want.len()));
    let mut buf = vec![7 as std::ffi::c_char; want.len()];
    let status = unsafe { ttt_game_certificate(game, 1 << 20, buf.as_mut_ptr(), buf.len(), &mut len) };
    assert_eq!((status, len, buf[0]), (TTT_BUFFER_TOO_SMALL, want.len(), 7));
    let mut buf = vec![7 as std::ffi::c_char; want.len() + 1];
    let status = unsafe { ttt_game_certificate(game, 1 << 20, buf.as_mut_ptr(), buf.len(), &mut len) };
    assert_eq!((status, len), (TTT_OK, want.len()));
    let got: Vec<u8> = buf.iter().map(|&c| c as u8).collect();
    assert_eq!((&got[..len], got[len]), (want.as_bytes(), 0));
    for (max_nodes, want) in [(0, TTT_INVALID_ARGUMENT), (1, TTT_TOO_HARD)] {
        let (mut buf, mut len) = ([7 as std::ffi::c_char; 8], 77);
        let status = unsafe { ttt_game_certificate(game, max_nodes, buf.as_mut_ptr(), 8, &mut len) };
        assert_eq!((status, len, buf[0]), (want, 77, 7));
    }
    let null = std::ptr::null_mut();
    assert_eq!(unsafe { ttt_game_certificate(std::ptr::null(), 9, null, 0, &mut len) }, TTT_NULL_POINTER);
    assert_eq!(unsafe { ttt_game_certificate(game, 9, null, 0, std::ptr::null_mut()) }, TTT_NULL_POINTER);
    assert_eq!(unsafe { ttt_game_certificate(game, 9, null, 5, &mut len) }, TTT_NULL_POINTER);
    let mut back = [0 as std::ffi::c_char; 64];
    assert_eq!(unsafe { ttt_game_to_text(game, back.as_mut_ptr(), 64, &mut len) }, TTT_OK);
    assert_eq!(unsafe { std::ffi::CStr::from_ptr(back.as_ptr()) }.to_str().unwrap(), text);
    unsafe { ttt_game_free(game) };
}
