//! Certificates (`ai::certificate`) checked by a checker written here from the rules alone: its
//! own parsing, board, line test, pairing test and Erdős–Selfridge sum, sharing no code with
//! the solver. It accepts the certificates of small boards whose values are known, and rejects
//! every certificate corrupted in a way that breaks a proof.

use std::collections::HashMap;
use tictactoe::{ai, Error, Game, Rules};

/// A position: the board's shape, its cells (0 empty, 1 X, 2 O) and the side to move.
#[derive(Clone, PartialEq, Debug)]
struct Pos {
    rows: usize,
    cols: usize,
    k: usize,
    cells: Vec<u8>,
    to_move: u8,
}

impl Pos {
    /// From the game's text form `R,C,K:row/row/...:P`.
    fn parse(text: &str) -> Result<Pos, String> {
        let parts: Vec<&str> = text.split(':').collect();
        let [dims, board, side] = parts[..] else { return Err(format!("bad position {text}")) };
        let dims: Vec<usize> = dims
            .split(',')
            .map(|d| d.parse().map_err(|_| "bad size".to_string()))
            .collect::<Result<_, _>>()?;
        let [rows, cols, k] = dims[..] else { return Err("bad size".into()) };
        let cells: Vec<u8> = board
            .chars()
            .filter(|&c| c != '/')
            .map(|c| match c {
                '.' => Ok(0),
                'X' => Ok(1),
                'O' => Ok(2),
                _ => Err(format!("bad cell {c}")),
            })
            .collect::<Result<_, _>>()?;
        let to_move = match side {
            "X" => 1,
            "O" => 2,
            _ => return Err(format!("bad side {side}")),
        };
        if cells.len() != rows * cols {
            return Err("wrong cell count".into());
        }
        Ok(Pos { rows, cols, k, cells, to_move })
    }

    /// Every window of k cells in a straight line.
    fn windows(&self) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        for r in 0..self.rows as i64 {
            for c in 0..self.cols as i64 {
                for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                    let cells: Vec<(i64, i64)> =
                        (0..self.k as i64).map(|i| (r + i * dr, c + i * dc)).collect();
                    if cells
                        .iter()
                        .all(|&(r, c)| r >= 0 && c >= 0 && r < self.rows as i64 && c < self.cols as i64)
                    {
                        out.push(cells.iter().map(|&(r, c)| (r * self.cols as i64 + c) as usize).collect());
                    }
                }
            }
        }
        out
    }

    fn has_line(&self, player: u8) -> bool {
        self.windows().iter().any(|w| w.iter().all(|&c| self.cells[c] == player))
    }

    fn over(&self) -> bool {
        self.has_line(1) || self.has_line(2) || self.cells.iter().all(|&c| c != 0)
    }

    fn play(&self, cell: usize) -> Result<Pos, String> {
        if self.cells.get(cell) != Some(&0) {
            return Err(format!("cell {cell} is not empty"));
        }
        let mut next = self.clone();
        next.cells[cell] = self.to_move;
        next.to_move = 3 - self.to_move;
        Ok(next)
    }
}

/// One tree's claim: `side` wins, or (`wins` false) `side` cannot win.
struct Claim {
    side: u8,
    wins: bool,
}

/// Checks a whole certificate of the game whose text is `position`; Ok(value) when valid.
fn check(certificate: &str, position: &str) -> Result<String, String> {
    let lines: Vec<&str> = certificate.lines().collect();
    let header = |i: usize, prefix: &str| {
        lines.get(i).and_then(|l| l.strip_prefix(prefix)).ok_or(format!("line {}: {prefix}", i + 1))
    };
    if lines.first() != Some(&"certificate 1") {
        return Err("not a certificate".into());
    }
    if header(1, "position ")? != position {
        return Err("another position".into());
    }
    let root = Pos::parse(position)?;
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
        let start = at;
        let mut seen = HashMap::new();
        node(&lines, &mut at, start, &root, &claim, &mut seen)?;
    }
    if at != lines.len() {
        return Err("lines after the trees".into());
    }
    Ok(value)
}

/// Checks the node at `lines[*at]` (then its children) proving `claim` about `pos`.
fn node(
    lines: &[&str],
    at: &mut usize,
    start: usize,
    pos: &Pos,
    claim: &Claim,
    seen: &mut HashMap<usize, Pos>,
) -> Result<(), String> {
    let line = *lines.get(*at).ok_or("the tree ends early")?;
    let number = *at - start + 1;
    seen.insert(number, pos.clone());
    *at += 1;
    let fail = |why: &str| Err(format!("tree line {number} ({line}): {why}"));
    let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
    let favoured = if claim.wins { claim.side } else { 3 - claim.side };
    let (attacker, defender) = (claim.side, 3 - claim.side);
    match word {
        "end" => {
            let holds = if claim.wins { pos.has_line(attacker) } else { !pos.has_line(attacker) };
            if !pos.over() || !holds {
                return fail("not a finished game with the claim true");
            }
        }
        "same" => match rest.parse::<usize>().ok().and_then(|n| (n < number).then(|| seen.get(&n)).flatten())
        {
            Some(earlier) if earlier == pos => {}
            _ => return fail("not an earlier node's position"),
        },
        "move" | "all" if pos.over() => return fail("the game is over"),
        "move" => {
            let cell: usize = rest.parse().map_err(|_| format!("line {number}: bad cell"))?;
            if pos.to_move != favoured {
                return fail("not the favoured side's move");
            }
            node(lines, at, start, &pos.play(cell)?, claim, seen)?;
        }
        "all" => {
            if pos.to_move == favoured || !rest.is_empty() {
                return fail("not the other side's move");
            }
            for cell in (0..pos.cells.len()).filter(|&c| pos.cells[c] == 0) {
                node(lines, at, start, &pos.play(cell)?, claim, seen)?;
            }
        }
        "pairs" if !claim.wins => {
            let mut used = vec![false; pos.cells.len()];
            let mut pairs = Vec::new();
            for pair in rest.split_whitespace() {
                let (a, b) = pair.split_once('-').ok_or("bad pair")?;
                let (a, b): (usize, usize) =
                    (a.parse().map_err(|_| "bad pair")?, b.parse().map_err(|_| "bad pair")?);
                if a == b
                    || pos.cells.get(a) != Some(&0)
                    || pos.cells.get(b) != Some(&0)
                    || used[a]
                    || used[b]
                {
                    return fail("a pair is not two unused empty cells");
                }
                (used[a], used[b]) = (true, true);
                pairs.push((a, b));
            }
            for w in pos.windows().iter().filter(|w| w.iter().all(|&c| pos.cells[c] != defender)) {
                if !pairs.iter().any(|(a, b)| w.contains(a) && w.contains(b)) {
                    return fail("a window without a defender stone holds no pair");
                }
            }
        }
        "weight" if !claim.wins && rest.is_empty() => {
            // Sum of 2^-(empty cells) in units of 2^-64; a full window weighs 2^64.
            let mut sum = 0u128;
            for w in pos.windows().iter().filter(|w| w.iter().all(|&c| pos.cells[c] != defender)) {
                sum += 1u128 << (64 - w.iter().filter(|&&c| pos.cells[c] == 0).count());
            }
            let bound = if pos.to_move == attacker { 1u128 << 63 } else { 1u128 << 64 };
            if sum >= bound {
                return fail("the windows weigh too much");
            }
        }
        _ => return fail("unknown node"),
    }
    Ok(())
}

fn certificate_of(rows: u32, cols: u32, k: u32, moves: &[(u32, u32)]) -> (String, String) {
    let mut game = Game::new(Rules::new(rows, cols, k).unwrap()).unwrap();
    for &(r, c) in moves {
        game.play(r, c).unwrap();
    }
    (ai::certificate(&game, 1 << 22).unwrap(), game.to_string())
}

/// Known values (tic-tac-toe is a draw, 4,4,3 a first-player win, 4,4,4 and 6,6,5 draws;
/// after a blunder on 3,3,3, or against an open four on 8 x 8, a loss), each certificate
/// accepted. (5,5,4, a draw, has one of
/// about 110,000 lines and takes 1.5 minutes: `certificate_of_5_5_4`, ignored.)
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
        (6, 6, 5, &[], "draw"),
        // 8 x 8 is on the solver's 128-bit words: O to move against X's open four.
        (8, 8, 5, &[(3, 2), (0, 0), (3, 3), (0, 7), (3, 4), (7, 0), (3, 5)], "loss"),
    ] {
        let (text, position) = certificate_of(rows, cols, k, moves);
        assert_eq!(check(&text, &position), Ok(value.to_string()), "{rows},{cols},{k} {moves:?}\n{text}");
    }
}

#[test]
#[ignore = "a minute and a half"]
fn certificate_of_5_5_4() {
    let (text, position) = certificate_of(5, 5, 4, &[]);
    assert_eq!(check(&text, &position), Ok("draw".to_string()));
}

/// Every corruption that breaks a proof is rejected: a move onto a stone, a leaf claimed to
/// be the end of the game, a pairing stripped of its pairs, a `same` pointing at the tree's
/// first position, a line dropped or added, the value changed.
#[test]
#[cfg_attr(miri, ignore = "seconds of solving")]
fn corrupted_certificates_are_rejected() {
    let mut kinds = [0usize; 5];
    for (rows, cols, k, moves) in
        [(3, 3, 3, &[][..]), (4, 4, 3, &[]), (4, 4, 4, &[]), (3, 3, 3, &[(0, 0), (0, 1)])]
    {
        let (text, position) = certificate_of(rows, cols, k, moves);
        assert!(check(&text, &position).is_ok());
        let lines: Vec<&str> = text.lines().collect();
        let stones: Vec<usize> = Pos::parse(&position)
            .unwrap()
            .cells
            .iter()
            .enumerate()
            .filter(|(_, &c)| c != 0)
            .map(|(i, _)| i)
            .collect();
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
            if line.starts_with("pairs ") {
                bad.push("pairs".into());
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
    let claim = Claim { side: 1, wins: false };
    for (position, ok) in [("1,3,3:XX.:X", false), ("1,3,3:XX.:O", true), ("1,3,3:XXX:O", false)] {
        let mut at = 0;
        let got = node(&["weight"], &mut at, 0, &Pos::parse(position).unwrap(), &claim, &mut HashMap::new());
        assert_eq!(got.is_ok(), ok, "{position}");
    }
    let light = "certificate 1\nposition 1,4,4:X...:O\nvalue draw\ntree O cannot-win\nmove 1\nend\n";
    assert!(check(light, "1,4,4:X...:O").is_err()); // a draw needs both trees
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
