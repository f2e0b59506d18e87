// audit_test.go: an independent audit of the Go binding, written from docs/rules.md, the C header
// (include/tictactoe.h), this folder's README and `go doc` only. Every expectation comes from a
// small reference implemented here (a brute-force reachability search, the validity rule of
// the validity rule, a replaying judge, a game model, a plain minimax), never from the library itself.

package tictactoe

import (
	"errors"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// ---------------------------------------------------------------------------------------------
// References
// ---------------------------------------------------------------------------------------------

// audBig is 2^32: it does not fit uint32_t, and truncated to 32 bits it would be 0 (a valid
// row, column or size), so a binding that casts without checking is caught.
var audBig64 int64 = 1 << 32

func audBig() int { return int(audBig64) }

func audFits(v int) bool { return v >= 0 && int64(v) <= 0xFFFFFFFF }

func aud64(t *testing.T) {
	if ^uint(0)>>32 == 0 {
		t.Skip("needs a 64-bit int")
	}
}

var audDirs = [4][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}} // → ↓ ↘ ↙

func audIn(rows, cols, r, c int) bool { return r >= 0 && r < rows && c >= 0 && c < cols }

// audRun is the unbroken run of the stone on (r, c) through (r, c) along d, end to end.
func audRun(b []int, rows, cols, r, c int, d [2]int) []int {
	p := b[r*cols+c]
	sr, sc := r, c
	for audIn(rows, cols, sr-d[0], sc-d[1]) && b[(sr-d[0])*cols+sc-d[1]] == p {
		sr, sc = sr-d[0], sc-d[1]
	}
	var run []int
	for rr, cc := sr, sc; audIn(rows, cols, rr, cc) && b[rr*cols+cc] == p; rr, cc = rr+d[0], cc+d[1] {
		run = append(run, rr*cols+cc)
	}
	return run
}

// audWinLine is the run through a just-played cell in the first direction (→ ↓ ↘ ↙) where it
// reaches k, or nil.
func audWinLine(b []int, rows, cols, k, cell int) []int {
	for _, d := range audDirs {
		if run := audRun(b, rows, cols, cell/cols, cell%cols, d); len(run) >= k {
			return run
		}
	}
	return nil
}

// audLines lists every k-window held entirely by player p.
func audLines(b []int, rows, cols, k, p int) [][]int {
	var out [][]int
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			for _, d := range audDirs {
				if !audIn(rows, cols, r+d[0]*(k-1), c+d[1]*(k-1)) {
					continue
				}
				var w []int
				for i := 0; i < k; i++ {
					idx := (r+d[0]*i)*cols + c + d[1]*i
					if b[idx] != p {
						w = nil
						break
					}
					w = append(w, idx)
				}
				if w != nil {
					out = append(out, w)
				}
			}
		}
	}
	return out
}

func audShared(lines [][]int) bool {
	cnt := map[int]int{}
	for _, l := range lines {
		for _, c := range l {
			cnt[c]++
		}
	}
	for _, n := range cnt {
		if n == len(lines) {
			return true
		}
	}
	return false
}

func audCount(b []int) (x, o int) {
	for _, v := range b {
		switch v {
		case 1:
			x++
		case 2:
			o++
		}
	}
	return
}

// audVerdict is the validity rule with the reasons in the header's order (TttVerdict).
func audVerdict(b []int, rows, cols, k int) Verdict {
	x, o := audCount(b)
	xl, ol := audLines(b, rows, cols, k, 1), audLines(b, rows, cols, k, 2)
	switch {
	case o > x:
		return TooManyO
	case x > o+1:
		return TooManyX
	case len(xl) > 0 && len(ol) > 0:
		return BothWin
	case len(xl) > 0 && x == o:
		return XWonThenOMoved
	case len(ol) > 0 && x == o+1:
		return OWonThenXMoved
	case len(xl) > 0 && !audShared(xl):
		return XLinesDisjoint
	case len(ol) > 0 && !audShared(ol):
		return OLinesDisjoint
	}
	return Valid
}

func audKey(b []int) string {
	bs := make([]byte, len(b))
	for i, v := range b {
		bs[i] = byte('0' + v)
	}
	return string(bs)
}

// audReachable is every board reachable in a legal game with X first (brute force).
func audReachable(rows, cols, k int) map[string]bool {
	seen := map[string]bool{}
	b := make([]int, rows*cols)
	var walk func(n int)
	walk = func(n int) {
		key := audKey(b)
		if seen[key] {
			return
		}
		seen[key] = true
		for cell := range b {
			if b[cell] != 0 {
				continue
			}
			b[cell] = 1 + n%2
			if audWinLine(b, rows, cols, k, cell) != nil || n+1 == len(b) {
				seen[audKey(b)] = true
			} else {
				walk(n + 1)
			}
			b[cell] = 0
		}
	}
	walk(0)
	return seen
}

func audDecode(code, n int) []int {
	b := make([]int, n)
	for i := 0; i < n; i++ {
		b[i] = code % 3
		code /= 3
	}
	return b
}

func audBoardStr(b []int, rows, cols int, sep string, empty byte) string {
	var sb strings.Builder
	for r := 0; r < rows; r++ {
		if r > 0 {
			sb.WriteString(sep)
		}
		for c := 0; c < cols; c++ {
			sb.WriteByte([]byte{empty, 'X', 'O'}[b[r*cols+c]])
		}
	}
	return sb.String()
}

func audRows(b []int, rows, cols int, empty byte) []string {
	return strings.Split(audBoardStr(b, rows, cols, "/", empty), "/")
}

// audJudge replays a move list X first: bounds, then game over, then the cell.
func audJudge(moves []Cell, rows, cols, k int) (Result, Status, int) {
	b := make([]int, rows*cols)
	res := Pending
	for i, m := range moves {
		if !audIn(rows, cols, m.Row, m.Col) {
			return Pending, StatusOutOfBounds, i
		}
		if res != Pending {
			return Pending, StatusGameOver, i
		}
		cell := m.Row*cols + m.Col
		if b[cell] != 0 {
			return Pending, StatusCellOccupied, i
		}
		b[cell] = 1 + i%2
		if audWinLine(b, rows, cols, k, cell) != nil {
			res = Result(1 + i%2)
		} else if i+1 == len(b) {
			res = Draw
		}
	}
	return res, StatusOK, -1
}

var audResultText = map[Result]string{Pending: "Pending", AWins: "A", BWins: "B", Draw: "Draw"}

var audSentinel = map[Status]error{
	StatusNullPointer:      ErrNullPointer,
	StatusInvalidArgument:  ErrInvalidArgument,
	StatusOutOfBounds:      ErrOutOfBounds,
	StatusCellOccupied:     ErrCellOccupied,
	StatusWrongTurn:        ErrWrongTurn,
	StatusGameOver:         ErrGameOver,
	StatusNothingToUndo:    ErrNothingToUndo,
	StatusNothingToRedo:    ErrNothingToRedo,
	StatusParseError:       ErrParse,
	StatusBufferTooSmall:   ErrBufferTooSmall,
	StatusTooLarge:         ErrTooLarge,
	StatusOutOfMemory:      ErrOutOfMemory,
	StatusUnreachableBoard: ErrUnreachableBoard,
	StatusTooHard:          ErrTooHard,
	StatusInternalError:    ErrInternal,
}

func audIllegal(s Status) bool {
	return s == StatusOutOfBounds || s == StatusCellOccupied || s == StatusWrongTurn || s == StatusGameOver
}

// audWantErr checks err against the documented mapping of a status (StatusOK: no error).
func audWantErr(t testing.TB, ctx string, err error, want Status, wantIndex int) bool {
	t.Helper()
	if want == StatusOK {
		if err != nil {
			t.Errorf("%s: got error %v, want success", ctx, err)
			return false
		}
		return true
	}
	var e *Error
	if !errors.As(err, &e) {
		t.Errorf("%s: got %v (%T), want *Error with status %d", ctx, err, err, want)
		return false
	}
	ok := true
	if e.Status != want {
		t.Errorf("%s: status %d (%v), want %d", ctx, e.Status, err, want)
		ok = false
	}
	for s, sen := range audSentinel {
		if errors.Is(err, sen) != (s == want) {
			t.Errorf("%s: errors.Is(err, sentinel of %d) = %v (err %v, want status %d)", ctx, s, !(s == want), err, want)
			ok = false
		}
	}
	if errors.Is(err, ErrIllegalMove) != audIllegal(want) {
		t.Errorf("%s: errors.Is(err, ErrIllegalMove) = %v for status %d", ctx, !audIllegal(want), want)
		ok = false
	}
	if errors.Is(err, ErrClosed) {
		t.Errorf("%s: a status error matches ErrClosed", ctx)
		ok = false
	}
	if e.Index != wantIndex {
		t.Errorf("%s: Index %d, want %d (%v)", ctx, e.Index, wantIndex, err)
		ok = false
	}
	return ok
}

// ---------------------------------------------------------------------------------------------
// Game model
// ---------------------------------------------------------------------------------------------

type audModel struct {
	rows, cols, k int
	b             []int
	stones        int
	first         int   // who started (or, on an empty board, will start)
	start         int   // who starts on the empty board the game began with (1, or a text's)
	undoneOpener  int   // who made the opening move that redo would replay
	hist          []int // undoable moves, oldest first
	redo          []int // undone moves, last undone at the end
	result        Result
	line          []int // the winning run (model-played games)
	loose         bool  // the game was loaded from text: any maximal winning run will do
}

func newAudModel(rows, cols, k int) *audModel {
	return &audModel{rows: rows, cols: cols, k: k, b: make([]int, rows*cols), first: 1, start: 1}
}

func (m *audModel) clone() *audModel {
	c := *m
	c.b = append([]int(nil), m.b...)
	c.hist = append([]int(nil), m.hist...)
	c.redo = append([]int(nil), m.redo...)
	c.line = append([]int(nil), m.line...)
	return &c
}

func (m *audModel) alt() int {
	if m.stones%2 == 0 {
		return m.first
	}
	return 3 - m.first
}

func (m *audModel) toMove() int {
	if m.result != Pending {
		return 0
	}
	return m.alt()
}

func (m *audModel) place(cell int) {
	p := m.alt()
	m.b[cell] = p
	m.stones++
	m.hist = append(m.hist, cell)
	if l := audWinLine(m.b, m.rows, m.cols, m.k, cell); l != nil {
		m.result, m.line = Result(p), l
	} else if m.stones == len(m.b) {
		m.result = Draw
	}
}

func (m *audModel) move(r, c, p int) (int, Status) {
	if p != 1 && p != 2 {
		return 0, StatusInvalidArgument
	}
	if !audIn(m.rows, m.cols, r, c) {
		return 0, StatusOutOfBounds
	}
	if m.result != Pending {
		return 0, StatusGameOver
	}
	if m.stones > 0 && p != m.alt() {
		return 0, StatusWrongTurn
	}
	if m.b[r*m.cols+c] != 0 {
		return 0, StatusCellOccupied
	}
	if m.stones == 0 {
		m.first = p
	}
	m.redo = nil
	m.place(r*m.cols + c)
	return m.result.Winner(), StatusOK
}

func (m *audModel) play(r, c int) (Result, Status) {
	if !audIn(m.rows, m.cols, r, c) {
		return Pending, StatusOutOfBounds
	}
	if m.result != Pending {
		return Pending, StatusGameOver
	}
	if m.b[r*m.cols+c] != 0 {
		return Pending, StatusCellOccupied
	}
	m.redo = nil
	m.place(r*m.cols + c)
	return m.result, StatusOK
}

func (m *audModel) undo() Status {
	if len(m.hist) == 0 {
		return StatusNothingToUndo
	}
	cell := m.hist[len(m.hist)-1]
	m.hist = m.hist[:len(m.hist)-1]
	m.b[cell] = 0
	m.stones--
	m.result, m.line, m.loose = Pending, nil, false
	m.redo = append(m.redo, cell)
	if m.stones == 0 { // undo is the inverse of a move: the first move goes back to the start
		m.undoneOpener, m.first = m.first, m.start
	}
	return StatusOK
}

func (m *audModel) redoMove() Status {
	if len(m.redo) == 0 {
		return StatusNothingToRedo
	}
	cell := m.redo[len(m.redo)-1]
	m.redo = m.redo[:len(m.redo)-1]
	if m.stones == 0 {
		m.first = m.undoneOpener
	}
	m.place(cell)
	return StatusOK
}

func (m *audModel) reset() {
	*m = *newAudModel(m.rows, m.cols, m.k)
}

func (m *audModel) text() string {
	return fmt.Sprintf("%d,%d,%d:%s:%c", m.rows, m.cols, m.k, audBoardStr(m.b, m.rows, m.cols, "/", '.'), "XO"[m.alt()-1])
}

func (m *audModel) loaded() *audModel {
	c := m.clone()
	c.hist, c.redo, c.start = nil, nil, c.first
	if c.result == AWins || c.result == BWins {
		c.loose = true
	}
	return c
}

func audCellsIdx(cs []Cell, cols int) []int {
	out := make([]int, len(cs))
	for i, c := range cs {
		out[i] = c.Row*cols + c.Col
	}
	return out
}

func audEqInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func audSorted(a []int) []int {
	s := append([]int(nil), a...)
	sort.Ints(s)
	return s
}

// audLineOK: got is the winning run end to end. Strict: the same cells as want, in order from
// one end to the other. Loose (a loaded game): a maximal run of the winner's stones, >= k long.
func audLineOK(got []int, m *audModel) bool {
	if m.result != AWins && m.result != BWins {
		return len(got) == 0
	}
	if !m.loose {
		if !audEqInts(audSorted(got), audSorted(m.line)) {
			return false
		}
		s := audSorted(got)
		if audEqInts(got, s) {
			return true
		}
		for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
			s[i], s[j] = s[j], s[i]
		}
		return audEqInts(got, s)
	}
	if len(got) < m.k {
		return false
	}
	w := int(m.result)
	for _, c := range got {
		if c < 0 || c >= len(m.b) || m.b[c] != w {
			return false
		}
	}
	if len(got) == 1 {
		return true
	}
	r0, c0 := got[0]/m.cols, got[0]%m.cols
	dr, dc := got[1]/m.cols-r0, got[1]%m.cols-c0
	ok := false
	for _, d := range audDirs {
		if (d[0] == dr && d[1] == dc) || (d[0] == -dr && d[1] == -dc) {
			ok = true
			if !audEqInts(audSorted(audRun(m.b, m.rows, m.cols, r0, c0, d)), audSorted(got)) {
				return false
			}
		}
	}
	return ok
}

// audCheck compares every observable of g with the model.
func audCheck(t testing.TB, g *Game, m *audModel, ctx string) bool {
	t.Helper()
	fail := func(format string, args ...interface{}) bool {
		t.Errorf("%s: "+format, append([]interface{}{ctx}, args...)...)
		return false
	}
	if r, c, k := g.Size(); r != m.rows || c != m.cols || k != m.k {
		return fail("Size %d,%d,%d want %d,%d,%d", r, c, k, m.rows, m.cols, m.k)
	}
	if v, err := g.ToMove(); err != nil || v != m.toMove() {
		return fail("ToMove %d,%v want %d", v, err, m.toMove())
	}
	if v, err := g.FirstPlayer(); err != nil || v != m.first {
		return fail("FirstPlayer %d,%v want %d", v, err, m.first)
	}
	if v, err := g.Result(); err != nil || v != m.result {
		return fail("Result %v,%v want %v", v, err, m.result)
	}
	if v, err := g.Winner(); err != nil || v != m.result.Winner() {
		return fail("Winner %d,%v want result %v", v, err, m.result)
	}
	if v, err := g.MoveCount(); err != nil || v != m.stones {
		return fail("MoveCount %d,%v want %d", v, err, m.stones)
	}
	if v, err := g.Cells(); err != nil || !audEqInts(v, m.b) {
		return fail("Cells %v,%v want %v", v, err, m.b)
	}
	if v, err := g.Moves(); err != nil || !audEqInts(audCellsIdx(v, m.cols), m.hist) {
		return fail("Moves %v,%v want cells %v", v, err, m.hist)
	}
	var legal []int
	if m.result == Pending {
		for i, v := range m.b {
			if v == 0 {
				legal = append(legal, i)
			}
		}
	}
	if v, err := g.LegalMoves(); err != nil || !audEqInts(audCellsIdx(v, m.cols), legal) {
		return fail("LegalMoves %v,%v want cells %v", v, err, legal)
	}
	if v, err := g.WinningLine(); err != nil || !audLineOK(audCellsIdx(v, m.cols), m) {
		return fail("WinningLine %v,%v want %v (loose %v) on %s", v, err, m.line, m.loose, m.text())
	}
	text, err := g.Text()
	if err != nil || text != m.text() {
		return fail("Text %q,%v want %q", text, err, m.text())
	}
	if s := g.String(); s != "tictactoe.Game("+text+")" {
		return fail("String %q want tictactoe.Game(%s)", s, text)
	}
	return true
}

// ---------------------------------------------------------------------------------------------
// Constants and errors
// ---------------------------------------------------------------------------------------------

func TestAuditConstantsMatchHeader(t *testing.T) {
	statuses := []Status{StatusOK, StatusNullPointer, StatusInvalidArgument, StatusOutOfBounds,
		StatusCellOccupied, StatusWrongTurn, StatusGameOver, StatusNothingToUndo, StatusNothingToRedo,
		StatusParseError, StatusBufferTooSmall, StatusTooLarge, StatusOutOfMemory,
		StatusUnreachableBoard, StatusTooHard, StatusInternalError}
	for i, s := range statuses {
		if int(s) != i {
			t.Errorf("status #%d has value %d", i, s)
		}
	}
	for i, r := range []Result{Pending, AWins, BWins, Draw} {
		if int(r) != i {
			t.Errorf("result #%d has value %d", i, r)
		}
	}
	for i, v := range []Verdict{Valid, TooManyO, TooManyX, BothWin, XWonThenOMoved, OWonThenXMoved,
		XLinesDisjoint, OLinesDisjoint} {
		if int(v) != i {
			t.Errorf("verdict #%d has value %d", i, v)
		}
	}
	for i, l := range []Level{LevelRandom, LevelEasy, LevelMedium, LevelHard, LevelPerfect} {
		if int(l) != i {
			t.Errorf("level #%d has value %d", i, l)
		}
	}
	for r, want := range audResultText {
		if r.String() != want {
			t.Errorf("Result(%d).String() = %q, want %q", r, r.String(), want)
		}
	}
	for r, w := range map[Result]int{Pending: 0, AWins: 1, BWins: 2, Draw: 0} {
		if r.Winner() != w {
			t.Errorf("Result(%d).Winner() = %d, want %d", r, r.Winner(), w)
		}
	}
	if BothWin.String() != "both players have a line" {
		t.Errorf("BothWin.String() = %q (header example: \"both players have a line\")", BothWin.String())
	}
	if StatusCellOccupied.String() != "cell occupied" {
		t.Errorf("StatusCellOccupied.String() = %q (header example: \"cell occupied\")", StatusCellOccupied.String())
	}
	seen := map[string]Status{}
	for _, s := range statuses {
		str := s.String()
		if str == "" || str == "unknown status" {
			t.Errorf("Status(%d).String() = %q", s, str)
		}
		if o, dup := seen[str]; dup {
			t.Errorf("Status %d and %d share the description %q", o, s, str)
		}
		seen[str] = s
	}
	vseen := map[string]bool{}
	for v := Verdict(0); v <= OLinesDisjoint; v++ {
		if v.Valid() != (v == Valid) {
			t.Errorf("Verdict(%d).Valid() = %v", v, v.Valid())
		}
		if vseen[v.String()] || v.String() == "" {
			t.Errorf("Verdict(%d).String() = %q empty or repeated", v, v.String())
		}
		vseen[v.String()] = true
	}
	// Version: the header the binding compiles against names it.
	hdr, err := os.ReadFile(filepath.Join("..", "..", "include", "tictactoe.h"))
	if err != nil {
		t.Fatal(err)
	}
	mv := regexp.MustCompile(`#define TTT_VERSION_STRING "([^"]+)"`).FindSubmatch(hdr)
	if mv == nil {
		t.Fatal("no TTT_VERSION_STRING in the header")
	}
	if Version() != string(mv[1]) {
		t.Errorf("Version() = %q, header says %q", Version(), mv[1])
	}
}

func TestAuditErrorIsMatrix(t *testing.T) {
	for s := range audSentinel {
		e := &Error{Status: s, Index: -1}
		audWantErr(t, fmt.Sprintf("constructed *Error{Status: %d}", s), e, s, -1)
		wrapped := fmt.Errorf("wrapped: %w", e)
		if !errors.Is(wrapped, audSentinel[s]) {
			t.Errorf("a wrapped *Error with status %d does not match its sentinel", s)
		}
		if errors.Is(e, ErrRange) {
			t.Errorf("a plain *Error with status %d matches ErrRange", s)
		}
		if !strings.HasPrefix(e.Error(), "tictactoe: "+s.String()) {
			t.Errorf("Error() = %q, want prefix %q", e.Error(), "tictactoe: "+s.String())
		}
	}
	// Distinct sentinels.
	for s1, e1 := range audSentinel {
		for s2, e2 := range audSentinel {
			if s1 != s2 && errors.Is(e1, e2) {
				t.Errorf("sentinel %d matches sentinel %d", s1, s2)
			}
		}
	}
	// The README's message example.
	g, err := NewGame(3, 3, 3)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	if _, err := g.Play(1, 1); err != nil {
		t.Fatal(err)
	}
	_, err = g.Play(1, 1)
	if err == nil || err.Error() != "tictactoe: cell occupied: row 1, col 1 is taken" {
		t.Errorf("Play(1,1) twice: %v, README shows \"tictactoe: cell occupied: row 1, col 1 is taken\"", err)
	}
	// Judge's Error() carries the move index, as go doc documents: "... (move INDEX)".
	_, err = Judge([]Cell{{0, 0}, {0, 0}}, 3, 3, 3)
	if err == nil || !strings.HasPrefix(err.Error(), "tictactoe: cell occupied") || !strings.HasSuffix(err.Error(), " (move 1)") {
		t.Errorf("Judge repeated cell: message %v, want \"tictactoe: cell occupied...(move 1)\"", err)
	}
}

// ---------------------------------------------------------------------------------------------
// Validate
// ---------------------------------------------------------------------------------------------

func TestAuditValidateAll3x3(t *testing.T) {
	reach := audReachable(3, 3, 3)
	if len(reach) != 5478 {
		t.Fatalf("reference: %d reachable boards, want 5478", len(reach))
	}
	reachable := 0
	for code := 0; code < 19683; code++ {
		b := audDecode(code, 9)
		want := reach[audKey(b)]
		wantV := audVerdict(b, 3, 3, 3)
		if wantV.Valid() != want {
			t.Fatalf("reference disagrees with itself on %v", b)
		}
		v, err := ValidateText(audBoardStr(b, 3, 3, "/", '.'), 3, 3, 3)
		if err != nil || v != wantV {
			t.Errorf("ValidateText(%q) = %v (%d), %v; want %d", audBoardStr(b, 3, 3, "/", '.'), v, v, err, wantV)
			continue
		}
		if v.Valid() {
			reachable++
		}
		k := 0
		if code%2 == 1 {
			k = 3
		}
		rows := audRows(b, 3, 3, ' ')
		v2, err := Validate(rows, k)
		if err != nil || v2 != wantV {
			t.Errorf("Validate(%q, %d) = %d, %v; want %d", rows, k, v2, err, wantV)
		}
	}
	if reachable != 5478 {
		t.Errorf("ValidateText called %d of 19683 boards valid, want 5478", reachable)
	}
}

func TestAuditValidateOtherShapes(t *testing.T) {
	for _, sh := range []struct{ rows, cols, k int }{{2, 4, 3}, {4, 2, 2}, {1, 7, 3}, {3, 4, 3}, {2, 2, 1}, {2, 3, 2}} {
		n := sh.rows * sh.cols
		reach := audReachable(sh.rows, sh.cols, sh.k)
		total := 1
		for i := 0; i < n; i++ {
			total *= 3
		}
		step := 1
		if total > 60000 {
			step = 7 // a spread-out sample of 3x4's 531,441 boards; reachable ones checked below
		}
		check := func(b []int) {
			want := audVerdict(b, sh.rows, sh.cols, sh.k)
			if want.Valid() != reach[audKey(b)] {
				t.Fatalf("reference disagrees with itself on %v %+v", b, sh)
			}
			s := audBoardStr(b, sh.rows, sh.cols, "\n", ' ')
			v, err := ValidateText(s, sh.rows, sh.cols, sh.k)
			if err != nil || v != want {
				t.Errorf("ValidateText(%q, %d,%d,%d) = %d, %v; want %d", s, sh.rows, sh.cols, sh.k, v, err, want)
			}
		}
		for code := 0; code < total; code += step {
			check(audDecode(code, n))
		}
		if step > 1 {
			for key := range reach {
				b := make([]int, n)
				for i := range b {
					b[i] = int(key[i] - '0')
				}
				check(b)
			}
		}
		// Rows as strings with explicit k; k = 0 is an error for a non-square board.
		b := make([]int, n)
		b[0] = 1
		if v, err := Validate(audRows(b, sh.rows, sh.cols, '.'), sh.k); err != nil || v != Valid {
			t.Errorf("Validate(one X, %+v) = %v, %v", sh, v, err)
		}
		if sh.rows != sh.cols {
			_, err := Validate(audRows(b, sh.rows, sh.cols, '.'), 0)
			audWantErr(t, fmt.Sprintf("Validate(non-square %dx%d, k=0)", sh.rows, sh.cols), err, StatusInvalidArgument, -1)
		}
	}
}

func TestAuditValidateFormats(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	// Separators anywhere, either empty mark: the same verdict.
	for i := 0; i < 400; i++ {
		b := audDecode(rng.Intn(19683), 9)
		want := audVerdict(b, 3, 3, 3)
		var sb strings.Builder
		for j, v := range b {
			for rng.Intn(4) == 0 {
				sb.WriteByte("/\n"[rng.Intn(2)])
			}
			sb.WriteByte([]byte{" ."[rng.Intn(2)], 'X', 'O'}[v])
			if j == 8 && rng.Intn(2) == 0 {
				sb.WriteByte('/')
			}
		}
		v, err := ValidateText(sb.String(), 3, 3, 3)
		if err != nil || v != want {
			t.Errorf("ValidateText(%q) = %d, %v; want %d", sb.String(), v, err, want)
		}
	}
	type tc struct {
		board         string
		rows, cols, k int
		want          Status
		wantV         Verdict
		name          string
	}
	cases := []tc{
		{"XOX/ X /   ", 3, 3, 3, StatusOK, TooManyX, "README example"},
		{"XO.......", 3, 3, 3, StatusOK, Valid, "no separators"},
		{"XO......", 3, 3, 3, StatusParseError, 0, "8 cells"},
		{"XO........", 3, 3, 3, StatusParseError, 0, "10 cells"},
		{"XOx......", 3, 3, 3, StatusParseError, 0, "lower-case x"},
		{"XO-......", 3, 3, 3, StatusParseError, 0, "dash"},
		{"XO.......\x00", 3, 3, 3, StatusParseError, 0, "trailing NUL (strings in are pointer+length)"},
		{"XO\x00......", 3, 3, 3, StatusParseError, 0, "NUL inside"},
		{"", 3, 3, 3, StatusParseError, 0, "empty board string"},
		{"X", 1, 1, 1, StatusOK, Valid, "1x1 X"},
		{"O", 1, 1, 1, StatusOK, TooManyO, "1x1 O"},
		{"XO", 1, 2, 1, StatusOK, BothWin, "both k=1"},
		{"XX.OO", 1, 5, 2, StatusOK, BothWin, "both k=2"},
		{".........", 0, 3, 3, StatusInvalidArgument, 0, "rows 0"},
		{".........", 3, 0, 3, StatusInvalidArgument, 0, "cols 0"},
		{".........", 3, 3, 0, StatusInvalidArgument, 0, "k 0 (ValidateText has no default)"},
		{".........", 3, 3, 4, StatusInvalidArgument, 0, "k > max"},
		{".........", -3, 3, 3, StatusInvalidArgument, 0, "rows negative"},
		{".........", 3, 3, -1, StatusInvalidArgument, 0, "k negative"},
		{"XXX/OO./...", 3, 3, 3, StatusOK, Valid, "X won"},
		{"XXX/OOO/...", 3, 3, 3, StatusOK, BothWin, "both"},
		{"XXX/OO./O..", 3, 3, 3, StatusOK, XWonThenOMoved, "X won then O"},
		{"OOO/XX./X.X", 3, 3, 3, StatusOK, OWonThenXMoved, "O won then X"},
		{"XXX/OOX/OOX", 3, 3, 3, StatusOK, Valid, "two X lines sharing (0,2)"},
		{"XXX/OO./XXX", 3, 3, 3, StatusOK, TooManyX, "counts first"},
		{"XXX.XXX/OO.OO.O", 2, 7, 3, StatusOK, XLinesDisjoint, "X lines disjoint"},
		{"OOO..OOO/XXX.XX.X", 2, 8, 3, StatusOK, BothWin, "both before disjoint"},
		{"OOO..OOO/XX.XX.XX", 2, 8, 3, StatusOK, OLinesDisjoint, "O lines disjoint"},
		{"XXXXOOO", 1, 7, 3, StatusOK, BothWin, "counts before lines"},
		{"XXXXX", 1, 5, 3, StatusOK, TooManyX, "5 X"},
		{"XXXOO", 1, 5, 3, StatusOK, Valid, "run"},
		{"XXXXOOO", 1, 7, 3, StatusOK, BothWin, "run both"},
		{"XXXXXOOOO", 1, 9, 3, StatusOK, BothWin, "long run both"},
		{"XXXXXOOO.O", 1, 10, 3, StatusOK, BothWin, "long run"},
		{"XXXXXO.OOO", 1, 10, 5, StatusOK, Valid, "run of 5, k=5"},
	}
	var big = audBig()
	cases = append(cases,
		tc{".........", big + 3, 3, 3, StatusInvalidArgument, 0, "rows 2^32+3"},
		tc{".........", 3, 3, big + 3, StatusInvalidArgument, 0, "k 2^32+3"},
		tc{".........", 65536, 65536, 3, StatusTooLarge, 0, "65536x65536 (2^32 cells)"},
		tc{".........", 8193, 8192, 3, StatusTooLarge, 0, "one row past TTT_MAX_CELLS"},
	)
	for _, c := range cases {
		v, err := ValidateText(c.board, c.rows, c.cols, c.k)
		ctx := fmt.Sprintf("ValidateText(%q, %d,%d,%d) [%s]", c.board, c.rows, c.cols, c.k, c.name)
		if audWantErr(t, ctx, err, c.want, -1) && c.want == StatusOK && v != c.wantV {
			t.Errorf("%s = %d (%v), want %d (%v)", ctx, v, v, c.wantV, c.wantV)
		}
		if c.want != StatusOK && v != Valid {
			t.Errorf("%s: failed call returned %d, want the zero Verdict", ctx, v)
		}
		if c.want == StatusOK && v != audVerdict(audParseBoardLoose(c.board), c.rows, c.cols, c.k) {
			t.Errorf("%s: the test's reference says %d", ctx, audVerdict(audParseBoardLoose(c.board), c.rows, c.cols, c.k))
		}
		if audFits(c.rows) && audFits(c.cols) && audFits(c.k) && errors.Is(err, ErrRange) {
			t.Errorf("%s: matches ErrRange though every number fits uint32", ctx)
		}
		if (!audFits(c.rows) || !audFits(c.cols) || !audFits(c.k)) && !errors.Is(err, ErrRange) {
			t.Errorf("%s: %v does not match ErrRange", ctx, err)
		}
	}
	// Validate (rows as strings).
	rowsCases := []struct {
		rows []string
		k    int
		want Status
		name string
	}{
		{[]string{"XOX", " X ", "   "}, 0, StatusOK, "README"},
		{[]string{"XOX", " X", "   "}, 0, StatusParseError, "unequal rows"},
		{[]string{"XO", "..", ".."}, 0, StatusInvalidArgument, "non-square, k=0"},
		{[]string{"XO", "..", ".."}, 2, StatusOK, "non-square, k=2"},
		{[]string{"XO", "..", ".."}, 4, StatusInvalidArgument, "k > max"},
		{[]string{"XO", "..", ".."}, -2, StatusInvalidArgument, "k negative"},
		{[]string{"XQX", "...", "..."}, 0, StatusParseError, "bad char"},
		{[]string{"XÖX", "...", "..."}, 3, StatusParseError, "non-ASCII"},
		{[]string{"X"}, 0, StatusOK, "1x1"},
		{nil, 0, StatusInvalidArgument, "nil rows (0 rows)"},
		{[]string{}, 3, StatusInvalidArgument, "no rows, k=3"},
		{[]string{"", "", ""}, 0, StatusInvalidArgument, "empty rows (0 cols)"},
	}
	for _, c := range rowsCases {
		v, err := Validate(c.rows, c.k)
		ctx := fmt.Sprintf("Validate(%q, %d) [%s]", c.rows, c.k, c.name)
		audWantErr(t, ctx, err, c.want, -1)
		if c.want != StatusOK && v != Valid {
			t.Errorf("%s: failed call returned %d, want the zero Verdict", ctx, v)
		}
	}
	// A row holding a NUL must not be cut short into another, valid board.
	if v, err := Validate([]string{"X..\x00", "....", "....", "...."}, 0); err == nil {
		t.Errorf("Validate(row with NUL) = %d, nil; want an error", v)
	}
	if v, err := Validate([]string{"X\x00.", "...", "..."}, 0); err == nil {
		t.Errorf("Validate(row \"X\\x00.\") = %d, nil; want an error (NUL is not a cell)", v)
	}
}

// audParseBoardLoose reads a board string of the validate format (cells only).
func audParseBoardLoose(s string) []int {
	var b []int
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case 'X':
			b = append(b, 1)
		case 'O':
			b = append(b, 2)
		case '.', ' ':
			b = append(b, 0)
		}
	}
	return b
}

// ---------------------------------------------------------------------------------------------
// Judge and FindWinner
// ---------------------------------------------------------------------------------------------

func TestAuditJudgeRandom(t *testing.T) {
	aud64(t)
	rng := rand.New(rand.NewSource(11))
	shapes := [][3]int{{3, 3, 3}, {1, 1, 1}, {2, 2, 1}, {4, 4, 3}, {3, 5, 4}, {1, 6, 3}, {6, 1, 2}, {5, 5, 5}, {7, 6, 4}, {2, 3, 2}}
	bad := []int{-1, -7, audBig(), audBig() + 1, -audBig()}
	counts := map[Status]int{}
	for i := 0; i < 5000; i++ {
		sh := shapes[i%len(shapes)]
		rows, cols, k := sh[0], sh[1], sh[2]
		perm := rng.Perm(rows * cols)
		moves := make([]Cell, 0, len(perm)+2)
		for _, c := range perm[:rng.Intn(len(perm)+1)] {
			moves = append(moves, Cell{c / cols, c % cols})
		}
		switch rng.Intn(5) {
		case 0: // a repeated cell
			if len(moves) > 0 {
				at := rng.Intn(len(moves) + 1)
				dup := moves[rng.Intn(len(moves))]
				moves = append(moves[:at], append([]Cell{dup}, moves[at:]...)...)
			}
		case 1: // a cell off the board
			at := rng.Intn(len(moves) + 1)
			off := Cell{rng.Intn(rows), rng.Intn(cols)}
			switch rng.Intn(4) {
			case 0:
				off.Row = rows + rng.Intn(2)
			case 1:
				off.Col = cols
			case 2:
				off.Row = bad[rng.Intn(len(bad))]
			default:
				off.Col = bad[rng.Intn(len(bad))]
			}
			moves = append(moves[:at], append([]Cell{off}, moves[at:]...)...)
		}
		if i%10 == 0 {
			moves = nil
		}
		wantR, wantS, wantI := audJudge(moves, rows, cols, k)
		counts[wantS]++
		r, err := Judge(moves, rows, cols, k)
		ctx := fmt.Sprintf("Judge(%v, %d,%d,%d)", moves, rows, cols, k)
		if audWantErr(t, ctx, err, wantS, wantI) && r != wantR {
			t.Errorf("%s = %v, want %v", ctx, r, wantR)
		}
		if wantS != StatusOK && r != Pending {
			t.Errorf("%s: failed call returned %v, want Pending", ctx, r)
		}
		if wantS == StatusOutOfBounds {
			bad := moves[wantI]
			if fits := audFits(bad.Row) && audFits(bad.Col); fits == errors.Is(err, ErrRange) {
				t.Errorf("%s: errors.Is(err, ErrRange) = %v for the offending move %v", ctx, !fits, bad)
			}
		} else if errors.Is(err, ErrRange) {
			t.Errorf("%s: matches ErrRange", ctx)
		}
		if rows == 3 && cols == 3 && k == 3 {
			s, err := FindWinner(moves)
			ctx := fmt.Sprintf("FindWinner(%v)", moves)
			if audWantErr(t, ctx, err, wantS, wantI) && s != audResultText[wantR] {
				t.Errorf("%s = %q, want %q", ctx, s, audResultText[wantR])
			}
		}
	}
	for _, s := range []Status{StatusOK, StatusOutOfBounds, StatusCellOccupied, StatusGameOver} {
		if counts[s] < 100 {
			t.Errorf("generator produced only %d lists with status %d", counts[s], s)
		}
	}
}

func TestAuditJudgeEdges(t *testing.T) {
	aud64(t)
	big := audBig()
	type jc struct {
		moves         []Cell
		rows, cols, k int
		want          Status
		idx           int
		res           Result
		name          string
	}
	cases := []jc{
		{nil, 3, 3, 3, StatusOK, -1, Pending, "nil moves"},
		{[]Cell{}, 3, 3, 3, StatusOK, -1, Pending, "empty moves"},
		{[]Cell{{0, 0}, {2, 0}, {1, 1}, {2, 1}, {2, 2}}, 3, 3, 3, StatusOK, -1, AWins, "README"},
		{[]Cell{{0, 0}, {1, 1}, {0, 1}, {0, 2}, {1, 0}, {2, 0}}, 3, 3, 3, StatusOK, -1, BWins, "LeetCode B"},
		{[]Cell{{0, 0}, {1, 1}, {2, 0}, {1, 0}, {1, 2}, {2, 1}, {0, 1}, {0, 2}, {2, 2}}, 3, 3, 3, StatusOK, -1, Draw, "LeetCode draw"},
		{[]Cell{{0, 0}, {1, 1}}, 3, 3, 3, StatusOK, -1, Pending, "pending"},
		{[]Cell{{0, 0}}, 1, 1, 1, StatusOK, -1, AWins, "1x1"},
		{[]Cell{{0, 0}, {0, 1}}, 1, 2, 1, StatusGameOver, 1, Pending, "move after k=1 win"},
		{[]Cell{{0, 0}, {0, 5}, {0, 1}}, 1, 2, 1, StatusOutOfBounds, 1, Pending, "off board after the end is OUT_OF_BOUNDS"},
		{[]Cell{{0, 0}, {0, -1}}, 1, 2, 1, StatusOutOfBounds, 1, Pending, "negative col after the end is OUT_OF_BOUNDS"},
		{[]Cell{{0, 0}, {0, 0}, {9, 9}}, 3, 3, 3, StatusCellOccupied, 1, Pending, "first bad move wins"},
		{[]Cell{{0, 0}, {-1, 0}}, 3, 3, 3, StatusOutOfBounds, 1, Pending, "negative row"},
		{[]Cell{{0, 0}, {0, big}}, 3, 3, 3, StatusOutOfBounds, 1, Pending, "col 2^32 (0 if truncated)"},
		{[]Cell{{big + 1, 1}}, 3, 3, 3, StatusOutOfBounds, 0, Pending, "row 2^32+1"},
		{[]Cell{{0, 0}, {1, 1}, {0, 0}, {big, 0}}, 3, 3, 3, StatusCellOccupied, 2, Pending, "repeat before a huge row"},
		{nil, 0, 3, 3, StatusInvalidArgument, -1, Pending, "rows 0"},
		{nil, 3, 3, 0, StatusInvalidArgument, -1, Pending, "k 0"},
		{nil, 3, 3, 4, StatusInvalidArgument, -1, Pending, "k > max"},
		{nil, 1, 5, 5, StatusOK, -1, Pending, "k = max on a strip"},
		{nil, -1, 3, 3, StatusInvalidArgument, -1, Pending, "rows negative"},
		{nil, 3, big + 3, 3, StatusInvalidArgument, -1, Pending, "cols 2^32+3"},
		{nil, 3, 3, big + 3, StatusInvalidArgument, -1, Pending, "k 2^32+3"},
		{nil, 65536, 65536, 3, StatusTooLarge, -1, Pending, "2^32 cells"},
		{nil, 8192, 8193, 5, StatusTooLarge, -1, Pending, "past TTT_MAX_CELLS"},
		{[]Cell{{4095, 4095}}, 4096, 4096, 5, StatusOK, -1, Pending, "4096x4096 works (the documented limits)"},
	}
	for _, c := range cases {
		if c.want == StatusOK && c.rows*c.cols <= 64 {
			if r, s, i := audJudge(c.moves, c.rows, c.cols, c.k); r != c.res || s != c.want || i != c.idx {
				t.Fatalf("[%s] reference says %v %d %d", c.name, r, s, i)
			}
		}
		r, err := Judge(c.moves, c.rows, c.cols, c.k)
		ctx := fmt.Sprintf("Judge [%s]", c.name)
		if audWantErr(t, ctx, err, c.want, c.idx) && r != c.res {
			t.Errorf("%s = %v, want %v", ctx, r, c.res)
		}
		if c.want == StatusInvalidArgument {
			if fits := audFits(c.rows) && audFits(c.cols) && audFits(c.k); fits == errors.Is(err, ErrRange) {
				t.Errorf("%s: errors.Is(err, ErrRange) = %v (%v)", ctx, !fits, err)
			}
		}
	}
	if s, err := FindWinner(nil); err != nil || s != "Pending" {
		t.Errorf("FindWinner(nil) = %q, %v", s, err)
	}
	s, err := FindWinner([]Cell{{0, 0}, {3, 0}})
	if audWantErr(t, "FindWinner off board", err, StatusOutOfBounds, 1) && s != "" {
		t.Errorf("FindWinner failed but returned %q", s)
	}
}

// ---------------------------------------------------------------------------------------------
// Game: directed checks of the rules / the header
// ---------------------------------------------------------------------------------------------

func audNew(t testing.TB, rows, cols, k int) *Game {
	t.Helper()
	g, err := NewGame(rows, cols, k)
	if err != nil {
		t.Fatalf("NewGame(%d,%d,%d): %v", rows, cols, k, err)
	}
	return g
}

func TestAuditPlayerTwoOpens(t *testing.T) {
	g := audNew(t, 3, 3, 3)
	defer g.Close()
	m := newAudModel(3, 3, 3)
	step := func(name string, err error, want Status) {
		t.Helper()
		audWantErr(t, name, err, want, -1)
		audCheck(t, g, m, name)
	}
	w, err := g.Move(0, 0, 2)
	mw, ms := m.move(0, 0, 2)
	if w != mw {
		t.Errorf("Move(0,0,2) = %d", w)
	}
	step("Move(0,0,2) opening", err, ms)
	if fp, _ := g.FirstPlayer(); fp != 2 {
		t.Errorf("FirstPlayer after player 2 opened = %d", fp)
	}
	_, err = g.Move(1, 1, 2)
	step("player 2 twice", err, StatusWrongTurn)
	_, err = g.Play(1, 1)
	m.play(1, 1)
	step("Play after O opened (X to move)", err, StatusOK)
	if c, _ := g.Cell(1, 1); c != 1 {
		t.Errorf("Play after O opened put %d, want X (1)", c)
	}
	txt, _ := g.Text()
	if txt != "3,3,3:O../.X./...:O" {
		t.Errorf("Text = %q, want 3,3,3:O../.X./...:O", txt)
	}
	step("Undo", g.Undo(), m.undo())
	step("Undo the opening", g.Undo(), m.undo())
	if tm, _ := g.ToMove(); tm != 1 {
		t.Errorf("after undoing player 2's opening, ToMove = %d, want 1 (header: as before the move)", tm)
	}
	step("Redo replays O's opening", g.Redo(), m.redoMove())
	if c, _ := g.Cell(0, 0); c != 2 {
		t.Errorf("Redo of O's opening put %d, want O (2)", c)
	}
	step("Undo", g.Undo(), m.undo())
	_, err = g.Play(2, 2)
	m.play(2, 2)
	step("Play opens for X again", err, StatusOK)
	step("Undo", g.Undo(), m.undo())
	step("Redo", g.Redo(), m.redoMove())
	step("Undo", g.Undo(), m.undo())
	_, err = g.Move(0, 0, 1)
	m.move(0, 0, 1)
	step("Move by player 1 may still open", err, StatusOK)
	err = g.Reset()
	m.reset()
	step("Reset", err, StatusOK)
	_, err = g.Move(2, 2, 2)
	m.move(2, 2, 2)
	step("Move(2,2,2) after reset", err, StatusOK)
	err = g.Reset()
	m.reset()
	step("Reset", err, StatusOK)
	if fp, _ := g.FirstPlayer(); fp != 1 {
		t.Errorf("Reset: FirstPlayer %d, want 1", fp)
	}
	// The README example.
	if _, err := g.Play(1, 1); err != nil {
		t.Fatal(err)
	}
	w, err = g.Move(0, 0, 2)
	if w != 0 || err != nil || fmt.Sprint(w, g) != "0 tictactoe.Game(3,3,3:O../.X./...:X)" {
		t.Errorf("README example: %v %v", fmt.Sprint(w, g), err)
	}
	_, err = g.Play(-1, 0)
	if !errors.Is(err, ErrIllegalMove) || !errors.Is(err, ErrOutOfBounds) || !errors.Is(err, ErrRange) {
		t.Errorf("Play(-1, 0): %v; want ErrIllegalMove, ErrOutOfBounds and ErrRange", err)
	}
	// Text keeps who started, for an empty board too.
	for _, c := range []struct {
		text      string
		first, to int
	}{
		{"3,3,3:O../.../...:X", 2, 1},
		{"3,3,3:.../.../...:O", 2, 2},
		{"3,3,3:.../.../...:X", 1, 1},
		{"3,3,3:OX./.../...:O", 2, 2},
		{"3,3,3:XO./.../...:X", 1, 1},
		{"3,3,3:XXX/OO./...:O", 1, 0},
		{"3,3,3:OOO/XX./X..:X", 1, 0},
		{"3,3,3:OOO/XX./...:X", 2, 0},
	} {
		p, err := ParseGame(c.text)
		if err != nil {
			t.Errorf("ParseGame(%q): %v", c.text, err)
			continue
		}
		fp, _ := p.FirstPlayer()
		tm, _ := p.ToMove()
		back, _ := p.Text()
		if fp != c.first || tm != c.to || back != c.text {
			t.Errorf("ParseGame(%q): FirstPlayer %d ToMove %d Text %q; want %d %d same text", c.text, fp, tm, back, c.first, c.to)
		}
		audWantErr(t, "Undo on a loaded game", p.Undo(), StatusNothingToUndo, -1)
		p.Close()
	}
}

func TestAuditMoveErrorOrder(t *testing.T) {
	aud64(t)
	big := audBig()
	// ttt_game_move checks: player, bounds, game over, turn, cell. The Go side must keep it.
	g := audNew(t, 3, 3, 3)
	defer g.Close()
	for _, mv := range [][2]int{{0, 0}, {1, 0}, {0, 1}, {1, 1}} {
		if _, err := g.Play(mv[0], mv[1]); err != nil {
			t.Fatal(err)
		}
	}
	before, _ := g.Text()
	type mc struct {
		r, c, p int
		want    Status
		rng     bool // matches ErrRange
	}
	cases := []mc{
		{9, 9, 3, StatusInvalidArgument, false},
		{0, 0, -1, StatusInvalidArgument, true},      // player negative
		{0, 0, big + 1, StatusInvalidArgument, true}, // 1 if truncated
		{3, 0, 2, StatusOutOfBounds, false},
		{0, 3, 1, StatusOutOfBounds, false},
		{big, 2, 1, StatusOutOfBounds, true},     // 0 if truncated: a legal X move
		{2, big + 2, 1, StatusOutOfBounds, true}, // 2 if truncated
		{-1, 2, 1, StatusOutOfBounds, true},
		{0, 0, 2, StatusWrongTurn, false}, // occupied and wrong turn: turn first
		{0, 0, 1, StatusCellOccupied, false},
	}
	for _, c := range cases {
		w, err := g.Move(c.r, c.c, c.p)
		ctx := fmt.Sprintf("Move(%d,%d,%d)", c.r, c.c, c.p)
		audWantErr(t, ctx, err, c.want, -1)
		if c.rng && !errors.Is(err, ErrRange) {
			t.Errorf("%s: %v does not match ErrRange", ctx, err)
		}
		if audFits(c.r) && audFits(c.c) && audFits(c.p) && errors.Is(err, ErrRange) {
			t.Errorf("%s: matches ErrRange though all fit", ctx)
		}
		if w != 0 {
			t.Errorf("%s: failed Move returned %d", ctx, w)
		}
		if after, _ := g.Text(); after != before {
			t.Errorf("%s changed the game: %q -> %q", ctx, before, after)
		}
	}
	// Game over comes before turn and cell; bounds before game over.
	if _, err := g.Play(0, 2); err != nil { // X wins the top row
		t.Fatal(err)
	}
	for _, c := range []mc{{0, 0, 2, StatusGameOver, false}, {2, 2, 1, StatusGameOver, false},
		{3, 3, 2, StatusOutOfBounds, false}, {0, 0, 0, StatusInvalidArgument, false}} {
		_, err := g.Move(c.r, c.c, c.p)
		audWantErr(t, fmt.Sprintf("finished game: Move(%d,%d,%d)", c.r, c.c, c.p), err, c.want, -1)
	}
	r, err := g.Play(2, 2)
	audWantErr(t, "finished game: Play(2,2)", err, StatusGameOver, -1)
	if r != Pending {
		t.Errorf("failed Play returned %v", r)
	}
	_, err = g.Play(5, 5)
	audWantErr(t, "finished game: Play(5,5)", err, StatusOutOfBounds, -1)
	v, err := g.Cell(-1, 0)
	audWantErr(t, "Cell(-1,0)", err, StatusOutOfBounds, -1)
	if !errors.Is(err, ErrRange) || v != 0 {
		t.Errorf("Cell(-1,0) = %d, %v: want 0 and ErrRange", v, err)
	}
	v, err = g.Cell(big, 0) // (0,0) if truncated: X
	audWantErr(t, "Cell(2^32,0)", err, StatusOutOfBounds, -1)
	if v != 0 {
		t.Errorf("Cell(2^32,0) = %d", v)
	}
	_, err = g.Cell(0, 3)
	audWantErr(t, "Cell(0,3)", err, StatusOutOfBounds, -1)
}

// The header's order for ttt_game_move is player, then bounds, also for a row or column that
// does not fit uint32_t.
func TestAuditMoveOrderWithRange(t *testing.T) {
	aud64(t)
	g := audNew(t, 3, 3, 3)
	defer g.Close()
	for _, c := range [][3]int{{-1, 0, 3}, {audBig(), 0, 0}, {0, -5, -1}} {
		_, err := g.Move(c[0], c[1], c[2])
		var e *Error
		if !errors.As(err, &e) || e.Status != StatusInvalidArgument || !errors.Is(err, ErrInvalidArgument) {
			t.Errorf("Move(%d,%d,%d) = %v, want ErrInvalidArgument (the player is checked first)", c[0], c[1], c[2], err)
		}
	}
}

// ---------------------------------------------------------------------------------------------
// The game against the model
// ---------------------------------------------------------------------------------------------

// audRandomOps plays ops random operations on a rows x cols game and on the model side by
// side (moves by either player, play, undo, redo, reset, clone, a text round trip) and
// compares every observable after each; a failed call must leave the game as it was.
func audRandomOps(t testing.TB, rng *rand.Rand, rows, cols, k, ops int) {
	t.Helper()
	g, err := NewGame(rows, cols, k)
	if err != nil {
		t.Errorf("NewGame(%d,%d,%d): %v", rows, cols, k, err)
		return
	}
	defer func() { g.Close() }()
	m := newAudModel(rows, cols, k)
	for op := 0; op < ops; op++ {
		r, c := rng.Intn(rows+1), rng.Intn(cols+1) // one past the edge now and then
		ctx := fmt.Sprintf("%d,%d,%d op %d", rows, cols, k, op)
		switch x := rng.Intn(20); {
		case x < 8:
			p := 1 + rng.Intn(2)
			if rng.Intn(20) == 0 {
				p = 3
			}
			want, ws := m.move(r, c, p)
			got, err := g.Move(r, c, p)
			if audWantErr(t, fmt.Sprintf("%s Move(%d,%d,%d)", ctx, r, c, p), err, ws, -1) && got != want {
				t.Errorf("%s: Move(%d,%d,%d) = %d, want %d", ctx, r, c, p, got, want)
			}
		case x < 12:
			want, ws := m.play(r, c)
			got, err := g.Play(r, c)
			if audWantErr(t, fmt.Sprintf("%s Play(%d,%d)", ctx, r, c), err, ws, -1) && got != want {
				t.Errorf("%s: Play(%d,%d) = %v, want %v", ctx, r, c, got, want)
			}
		case x < 15:
			audWantErr(t, ctx+" Undo", g.Undo(), m.undo(), -1)
		case x < 17:
			audWantErr(t, ctx+" Redo", g.Redo(), m.redoMove(), -1)
		case x < 18:
			if rng.Intn(4) == 0 {
				if err := g.Reset(); err != nil {
					t.Errorf("%s: Reset: %v", ctx, err)
				}
				m.reset()
			}
		case x < 19:
			// A clone is independent: play on it, and the original must not change.
			cl, err := g.Clone()
			if err != nil {
				t.Errorf("%s: Clone: %v", ctx, err)
				break
			}
			audCheck(t, cl, m, ctx+" clone")
			cl.Undo()
			cl.Play(r%rows, c%cols)
			cl.Close()
		default:
			text, err := g.Text()
			if err != nil {
				t.Errorf("%s: Text: %v", ctx, err)
				break
			}
			loaded, err := ParseGame(text)
			if err != nil {
				t.Errorf("%s: ParseGame(%q): %v", ctx, text, err)
				break
			}
			g.Close()
			g, m = loaded, m.loaded()
		}
		if !audCheck(t, g, m, ctx) {
			return
		}
	}
}

func TestAuditGameAgainstModel(t *testing.T) {
	rng := rand.New(rand.NewSource(42))
	for _, sh := range [][3]int{{3, 3, 3}, {1, 1, 1}, {2, 2, 2}, {1, 5, 3}, {4, 1, 2}, {3, 4, 3}, {4, 4, 4}, {5, 5, 4}, {2, 9, 3}, {9, 9, 5}} {
		for run := 0; run < 8; run++ {
			audRandomOps(t, rng, sh[0], sh[1], sh[2], 250)
		}
	}
}

// ---------------------------------------------------------------------------------------------
// Best move against a plain minimax (the C API's score convention)
// ---------------------------------------------------------------------------------------------

// audScores gives the score of every legal move for p on board b (nobody has won yet): +N a
// win N plies from now counting this move, -N a loss, 0 a draw.
func audScores(b []int, rows, cols, k, p int) map[int]int {
	out := map[int]int{}
	for cell, v := range b {
		if v != 0 {
			continue
		}
		b[cell] = p
		switch {
		case audWinLine(b, rows, cols, k, cell) != nil:
			out[cell] = 1
		case audFull(b):
			out[cell] = 0
		default:
			best := audBest(audScores(b, rows, cols, k, 3-p))
			if best > 0 {
				out[cell] = -(best + 1)
			} else if best < 0 {
				out[cell] = -best + 1
			} else {
				out[cell] = 0
			}
		}
		b[cell] = 0
	}
	return out
}

func audFull(b []int) bool {
	x, o := audCount(b)
	return x+o == len(b)
}

// audBest is the score the mover gets: the fastest win, else a draw, else the slowest loss.
func audBest(scores map[int]int) int {
	rank := func(s int) int {
		switch {
		case s > 0:
			return 1000 - s
		case s < 0:
			return -1000 - s
		}
		return 0
	}
	best, first := 0, true
	for _, s := range scores {
		if first || rank(s) > rank(best) {
			best, first = s, false
		}
	}
	return best
}

func TestAuditBestMoveOn3x3(t *testing.T) {
	if testing.Short() { // 15 s; test.sh runs it in the full pass, -short only for the install
		t.Skip("slow: run without -short")
	}
	rng := rand.New(rand.NewSource(9))
	for game := 0; game < 60; game++ {
		g := audNew(t, 3, 3, 3)
		m := newAudModel(3, 3, 3)
		for m.result == Pending {
			scores := audScores(append([]int(nil), m.b...), 3, 3, 3, m.alt())
			want := audBest(scores)
			move, score, err := g.BestMove()
			if err != nil || score != want || scores[move.Row*3+move.Col] != want {
				t.Fatalf("BestMove on %s = %v, %d, %v; want score %d (scores %v)", m.text(), move, score, err, want, scores)
			}
			var optimal []int
			for cell, s := range scores {
				if want < 0 || (s > 0) == (want > 0) && (s == 0) == (want == 0) {
					optimal = append(optimal, cell)
				}
			}
			got, err := g.OptimalMoves()
			if err != nil || !audEqInts(audCellsIdx(got, 3), audSorted(optimal)) {
				t.Fatalf("OptimalMoves on %s = %v, %v; want cells %v", m.text(), got, err, audSorted(optimal))
			}
			cells := make([]int, 0, 9)
			for cell := range scores {
				cells = append(cells, cell)
			}
			cell := audSorted(cells)[rng.Intn(len(cells))]
			if m.stones == 0 && rng.Intn(2) == 0 {
				g.Move(cell/3, cell%3, 2)
				m.move(cell/3, cell%3, 2)
			} else {
				g.Play(cell/3, cell%3)
				m.play(cell/3, cell%3)
			}
		}
		if _, _, err := g.BestMove(); !errors.Is(err, ErrGameOver) {
			t.Errorf("BestMove on the finished %s: %v, want ErrGameOver", m.text(), err)
		}
		g.Close()
	}
}

// README: a number that does not fit uint32_t, negative included, is refused with
// ErrInvalidArgument matching ErrRange, "for a size, player, k or time budget"; the time is
// rounded up to whole milliseconds, but a negative one is refused before rounding.
func TestAuditSearchNegativeTime(t *testing.T) {
	g := audNew(t, 3, 3, 3)
	defer g.Close()
	for _, d := range []time.Duration{-time.Nanosecond, -999 * time.Microsecond, -time.Millisecond, -time.Hour} {
		for _, nodes := range []uint64{0, 10} {
			c, err := g.Search(nodes, d, 1)
			if !errors.Is(err, ErrInvalidArgument) || !errors.Is(err, ErrRange) {
				t.Errorf("Search(%d, %v) = %v, %v; want ErrInvalidArgument and ErrRange", nodes, d, c, err)
			}
		}
	}
}

// ---------------------------------------------------------------------------------------------
// Close, ownership
// ---------------------------------------------------------------------------------------------

func TestAuditClose(t *testing.T) {
	g := audNew(t, 3, 3, 3)
	g.Play(1, 1)
	c, err := g.Clone()
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := g.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	if err := g.Close(); err != nil {
		t.Errorf("second Close: %v (idempotent)", err)
	}
	closed := func(name string, err error, zero bool) {
		t.Helper()
		if !errors.Is(err, ErrClosed) {
			t.Errorf("%s on a closed game: %v, want ErrClosed", name, err)
		}
		if errors.Is(err, ErrIllegalMove) || errors.Is(err, ErrGameOver) || errors.Is(err, ErrNullPointer) {
			t.Errorf("%s on a closed game matches a status sentinel: %v", name, err)
		}
		if !zero {
			t.Errorf("%s on a closed game did not return the zero value", name)
		}
	}
	w, err := g.Move(0, 0, 2)
	closed("Move", err, w == 0)
	r, err := g.Play(0, 0)
	closed("Play", err, r == Pending)
	closed("Undo", g.Undo(), true)
	closed("Redo", g.Redo(), true)
	closed("Reset", g.Reset(), true)
	cl, err := g.Clone()
	closed("Clone", err, cl == nil)
	v, err := g.ToMove()
	closed("ToMove", err, v == 0)
	v, err = g.FirstPlayer()
	closed("FirstPlayer", err, v == 0)
	r, err = g.Result()
	closed("Result", err, r == Pending)
	v, err = g.Winner()
	closed("Winner", err, v == 0)
	v, err = g.Cell(1, 1)
	closed("Cell", err, v == 0)
	v, err = g.MoveCount()
	closed("MoveCount", err, v == 0)
	cells, err := g.Cells()
	closed("Cells", err, cells == nil)
	mv, err := g.Moves()
	closed("Moves", err, mv == nil)
	mv, err = g.LegalMoves()
	closed("LegalMoves", err, mv == nil)
	mv, err = g.WinningLine()
	closed("WinningLine", err, mv == nil)
	s, err := g.Text()
	closed("Text", err, s == "")
	bm, sc, err := g.BestMove()
	closed("BestMove", err, bm == Cell{} && sc == 0)
	mv, err = g.OptimalMoves()
	closed("OptimalMoves", err, mv == nil)
	bm, err = g.Search(10, 0, 1)
	closed("Search", err, bm == Cell{})
	bm, err = g.AIMove(LevelRandom, 1)
	closed("AIMove", err, bm == Cell{})
	_ = g.String() // must not crash
	g.Size()       // must not crash
	// The clone owns its own game.
	if v, err := c.Cell(1, 1); err != nil || v != 1 {
		t.Errorf("clone after the original closed: Cell(1,1) = %d, %v", v, err)
	}
	// A zero or nil *Game? Not documented; not checked.
	// Clones outlive their original's finalizer too.
	var clones []*Game
	for i := 0; i < 50; i++ {
		o := audNew(t, 3, 3, 3)
		o.Play(i%3, 0)
		cc, err := o.Clone()
		if err != nil {
			t.Fatal(err)
		}
		clones = append(clones, cc)
	}
	runtime.GC()
	runtime.GC()
	time.Sleep(10 * time.Millisecond)
	runtime.GC()
	for i, cc := range clones {
		if v, err := cc.Cell(i%3, 0); err != nil || v != 1 {
			t.Errorf("clone %d after GC: %d, %v", i, v, err)
		}
		if _, err := cc.Play(2, 2); err != nil && i%3 != 2 {
			t.Errorf("clone %d Play: %v", i, err)
		}
		cc.Close()
	}
}

// ---------------------------------------------------------------------------------------------
// Concurrency (run under -race by test.sh)
// ---------------------------------------------------------------------------------------------

func TestAuditConcurrentDistinctGames(t *testing.T) {
	aud64(t)
	var wg sync.WaitGroup
	for w := 0; w < 6; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			rng := rand.New(rand.NewSource(int64(500 + w)))
			shapes := [][3]int{{3, 3, 3}, {4, 4, 3}, {5, 5, 4}}
			for run := 0; run < 3; run++ {
				sh := shapes[(w+run)%3]
				audRandomOps(t, rng, sh[0], sh[1], sh[2], 80)
			}
			for i := 0; i < 200; i++ { // functions without a game, alongside
				perm := rng.Perm(9)
				moves := make([]Cell, rng.Intn(10))
				for j := range moves {
					moves[j] = Cell{perm[j] / 3, perm[j] % 3}
				}
				wr, ws, wi := audJudge(moves, 3, 3, 3)
				r, err := Judge(moves, 3, 3, 3)
				if audWantErr(t, fmt.Sprintf("concurrent Judge(%v)", moves), err, ws, wi) && r != wr {
					t.Errorf("concurrent Judge(%v) = %v; want %v", moves, r, wr)
				}
				b := audDecode(rng.Intn(19683), 9)
				if v, err := ValidateText(audBoardStr(b, 3, 3, "/", '.'), 3, 3, 3); err != nil || v != audVerdict(b, 3, 3, 3) {
					t.Errorf("concurrent ValidateText(%v) = %d, %v", b, v, err)
				}
			}
		}(w)
	}
	wg.Wait()
}

func TestAuditConcurrentSharedGame(t *testing.T) {
	const rows, cols, k = 20, 20, 20 // no line of 20 forms by chance in a few hundred stones
	g := audNew(t, rows, cols, k)
	defer g.Close()
	var plays, undos, redos int64
	var wg sync.WaitGroup
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			rng := rand.New(rand.NewSource(int64(w)))
			for i := 0; i < 400; i++ {
				switch op := rng.Intn(10); {
				case op < 6:
					_, err := g.Play(rng.Intn(rows), rng.Intn(cols))
					if err == nil {
						atomic.AddInt64(&plays, 1)
					} else if !errors.Is(err, ErrCellOccupied) {
						t.Errorf("shared Play: %v", err)
					}
				case op < 8:
					err := g.Undo()
					if err == nil {
						atomic.AddInt64(&undos, 1)
					} else if !errors.Is(err, ErrNothingToUndo) {
						t.Errorf("shared Undo: %v", err)
					}
				default:
					err := g.Redo()
					if err == nil {
						atomic.AddInt64(&redos, 1)
					} else if !errors.Is(err, ErrNothingToRedo) {
						t.Errorf("shared Redo: %v", err)
					}
				}
			}
		}(w)
	}
	for r := 0; r < 2; r++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 150; i++ {
				text, err := g.Text()
				if err != nil {
					t.Errorf("shared Text: %v", err)
					continue
				}
				p, err := ParseGame(text) // every snapshot is a legal position
				if err != nil {
					t.Errorf("shared Text gave an unreadable or unreachable %q: %v", text, err)
				} else {
					p.Close()
				}
				cells, err := g.Cells()
				x, o := 0, 0
				for _, v := range cells {
					switch v {
					case 1:
						x++
					case 2:
						o++
					}
				}
				if err != nil || len(cells) != rows*cols || (x != o && x != o+1) {
					t.Errorf("shared Cells: len %d, x %d, o %d, %v", len(cells), x, o, err)
				}
				if tm, err := g.ToMove(); err != nil || (tm != 1 && tm != 2) {
					t.Errorf("shared ToMove: %d, %v", tm, err)
				}
				if n, err := g.MoveCount(); err != nil || n < 0 || n > rows*cols {
					t.Errorf("shared MoveCount: %d, %v", n, err)
				}
				if r, c, kk := g.Size(); r != rows || c != cols || kk != k {
					t.Errorf("shared Size: %d %d %d", r, c, kk)
				}
				if lm, err := g.LegalMoves(); err != nil || len(lm) > rows*cols {
					t.Errorf("shared LegalMoves: %d, %v", len(lm), err)
				}
			}
		}()
	}
	wg.Wait()
	n, _ := g.MoveCount()
	if int64(n) != plays-undos+redos {
		t.Errorf("shared game: %d stones, but %d plays - %d undos + %d redos succeeded", n, plays, undos, redos)
	}
	moves, _ := g.Moves()
	cells, _ := g.Cells()
	m := newAudModel(rows, cols, k)
	for _, mv := range moves {
		if _, st := m.play(mv.Row, mv.Col); st != StatusOK {
			t.Fatalf("shared game: Moves() %v does not replay (status %d)", moves, st)
		}
	}
	if !audEqInts(cells, m.b) {
		t.Errorf("shared game: Cells() is not the replay of Moves()")
	}
}

func TestAuditCloseWhileInUse(t *testing.T) {
	for round := 0; round < 4; round++ {
		g := audNew(t, 4, 4, 4)
		g.Play(0, 0)
		g.Play(1, 1)
		var wg sync.WaitGroup
		start := make(chan struct{})
		for w := 0; w < 4; w++ {
			wg.Add(1)
			go func(w int) {
				defer wg.Done()
				<-start
				for i := 0; ; i++ {
					var err error
					switch (w + i) % 5 {
					case 0:
						_, _, err = g.BestMove()
					case 1:
						_, err = g.Text()
					case 2:
						_, err = g.Play(i%4, (i/4)%4)
					case 3:
						err = g.Undo()
					default:
						_, err = g.LegalMoves()
					}
					if errors.Is(err, ErrClosed) {
						return
					}
					if err != nil && !errors.Is(err, ErrIllegalMove) && !errors.Is(err, ErrNothingToUndo) {
						t.Errorf("call during Close: %v", err)
						return
					}
				}
			}(w)
		}
		close(start)
		time.Sleep(time.Duration(1+round) * time.Millisecond)
		if err := g.Close(); err != nil {
			t.Errorf("Close while in use: %v", err)
		}
		if _, err := g.ToMove(); !errors.Is(err, ErrClosed) {
			t.Errorf("ToMove after a concurrent Close: %v", err)
		}
		wg.Wait()
	}
}

// ---------------------------------------------------------------------------------------------
// ParseGame: a position is accepted exactly when some legal game, opened by either player,
// produces it (the rules: the raw move lets player 2 open; header: ttt_game_from_text)
// ---------------------------------------------------------------------------------------------

// audSwap exchanges the players' stones.
func audSwap(b []int) []int {
	s := make([]int, len(b))
	for i, v := range b {
		if v != 0 {
			s[i] = 3 - v
		}
	}
	return s
}

// audOpener: the text's P is the side to move by alternation, so with an even number of
// stones P opened the game, with an odd number the other player did.
func audOpener(b []int, p int) int {
	if x, o := audCount(b); (x+o)%2 == 0 {
		return p
	}
	return 3 - p
}

// audReachableBy is the validity rule for a game that `first` opened: a game player 2 opened is a game
// X opened with the colours swapped.
func audReachableBy(b []int, rows, cols, k, first int) bool {
	if first == 2 {
		b = audSwap(b)
	}
	return audVerdict(b, rows, cols, k).Valid()
}

// audModelOf is the model of a game loaded from board b with p (1 = 'X', 2 = 'O') to move by
// alternation.
func audModelOf(b []int, rows, cols, k, p int) *audModel {
	m := newAudModel(rows, cols, k)
	copy(m.b, b)
	x, o := audCount(b)
	m.stones = x + o
	m.first = audOpener(b, p)
	switch {
	case len(audLines(b, rows, cols, k, 1)) > 0:
		m.result = AWins
	case len(audLines(b, rows, cols, k, 2)) > 0:
		m.result = BWins
	case m.stones == len(b):
		m.result = Draw
	}
	return m.loaded()
}

// audLooseText writes a game text in the loose forms the header allows: leading zeros in the
// numbers, ' ' or '.' for empty, '/' and '\n' (or nothing) between rows and now and then
// anywhere else in the board.
func audLooseText(rng *rand.Rand, b []int, rows, cols, k, p int) string {
	num := func(v int) string { return strings.Repeat("0", rng.Intn(3)) + fmt.Sprint(v) }
	var sb strings.Builder
	sb.WriteString(num(rows) + "," + num(cols) + "," + num(k) + ":")
	seps := []string{"/", "\n", "", "/\n", "//"}
	for i, v := range b {
		if i > 0 && i%cols == 0 {
			sb.WriteString(seps[rng.Intn(len(seps))])
		} else if rng.Intn(10) == 0 {
			sb.WriteByte("/\n"[rng.Intn(2)])
		}
		sb.WriteByte([]byte{" ."[rng.Intn(2)], 'X', 'O'}[v])
	}
	if rng.Intn(8) == 0 {
		sb.WriteByte("/\n"[rng.Intn(2)])
	}
	sb.WriteByte(':')
	sb.WriteByte("XO"[p-1])
	return sb.String()
}

func TestAuditParseGameRandomBoards(t *testing.T) {
	rng := rand.New(rand.NewSource(2024))
	shapes := [][3]int{{3, 3, 3}, {3, 4, 3}, {4, 4, 3}, {1, 5, 3}, {2, 3, 2}}
	// Brute force (X first) where it is cheap; a game O opened is looked up colour-swapped.
	brute := map[int]map[string]bool{0: audReachable(3, 3, 3), 3: audReachable(1, 5, 3), 4: audReachable(2, 3, 2)}
	acceptedBy := map[int]int{}
	var rejected, finished, loose, played int
	budget := 10 // stop after this many failing boards
	for i := 0; i < 3000; i++ {
		si := i % len(shapes)
		rows, cols, k := shapes[si][0], shapes[si][1], shapes[si][2]
		n := rows * cols
		var b []int
		p := 1 + rng.Intn(2)
		switch kind := rng.Intn(3); kind {
		case 0: // any board
			b = make([]int, n)
			for j := range b {
				b[j] = rng.Intn(3)
			}
		default: // a random legal game opened by either player, stopped anywhere
			opener := 1 + rng.Intn(2)
			m := newAudModel(rows, cols, k)
			stop := rng.Intn(n + 1)
			for m.result == Pending && m.stones < stop {
				cell := rng.Intn(n)
				if m.b[cell] != 0 {
					continue
				}
				if m.stones == 0 {
					m.move(cell/cols, cell%cols, opener)
				} else {
					m.play(cell/cols, cell%cols)
				}
			}
			b = m.b
			if rng.Intn(4) > 0 {
				p = m.alt()
			}
			if kind == 2 { // then one cell changed
				j := rng.Intn(n)
				b[j] = (b[j] + 1 + rng.Intn(2)) % 3
			}
		}
		first := audOpener(b, p)
		want := audReachableBy(b, rows, cols, k, first)
		if reach, ok := brute[si]; ok {
			key := b
			if first == 2 {
				key = audSwap(b)
			}
			if reach[audKey(key)] != want {
				t.Fatalf("reference disagrees with itself on %v (%d,%d,%d), opener %d", b, rows, cols, k, first)
			}
		}
		text := fmt.Sprintf("%d,%d,%d:%s:%c", rows, cols, k, audBoardStr(b, rows, cols, "/", '.'), "XO"[p-1])
		if rng.Intn(2) == 0 {
			text = audLooseText(rng, b, rows, cols, k, p)
			loose++
		}
		ctx := fmt.Sprintf("ParseGame(%q)", text)
		failed := t.Failed()
		g, err := ParseGame(text)
		if !want {
			rejected++
			audWantErr(t, ctx+" [unreachable]", err, StatusUnreachableBoard, -1)
			if g != nil {
				t.Errorf("%s: failed but returned a game", ctx)
				g.Close()
			}
		} else if audWantErr(t, ctx, err, StatusOK, -1) {
			acceptedBy[first]++
			m := audModelOf(b, rows, cols, k, p)
			if m.result != Pending {
				finished++
			}
			if audCheck(t, g, m, ctx) && m.result == Pending {
				// The loaded game goes on with the right player.
				var empty []int
				for j, v := range m.b {
					if v == 0 {
						empty = append(empty, j)
					}
				}
				cell := empty[rng.Intn(len(empty))]
				wantR, _ := m.play(cell/cols, cell%cols)
				gotR, err := g.Play(cell/cols, cell%cols)
				if audWantErr(t, ctx+" then Play", err, StatusOK, -1) && gotR != wantR {
					t.Errorf("%s then Play(%d,%d) = %v, want %v", ctx, cell/cols, cell%cols, gotR, wantR)
				}
				audCheck(t, g, m, ctx+" then Play")
				played++
			}
			g.Close()
		}
		if !failed && t.Failed() {
			if budget--; budget == 0 {
				t.Fatal("too many failures; stopping")
			}
		}
	}
	t.Logf("accepted %v (by opener), rejected %d, finished %d, loose texts %d, continued %d", acceptedBy, rejected, finished, loose, played)
	if acceptedBy[1] < 300 || acceptedBy[2] < 300 || rejected < 300 || finished < 100 {
		t.Errorf("generator: accepted %v by opener, %d rejected, %d finished; too few of some kind", acceptedBy, rejected, finished)
	}
}

func TestAuditParseGameTextForms(t *testing.T) {
	// Loose but valid: the canonical text and the board it holds are written out by hand.
	good := []struct{ text, canon string }{
		{"03,3,003:X../.O./...:X", "3,3,3:X../.O./...:X"},
		{"3,3,3:X  / O /   :X", "3,3,3:X../.O./...:X"},
		{"3,3,3:X..\n.O.\n...:X", "3,3,3:X../.O./...:X"},
		{"3,3,3:X...O....:X", "3,3,3:X../.O./...:X"},
		{"3,3,3:/X..//.O.\n/. .\n:X", "3,3,3:X../.O./...:X"},
		{"0003,0003,0003:.../.../...:X", "3,3,3:.../.../...:X"},
		{"00001,5,3:XO X :O", "1,5,3:XO.X.:O"},
		{"3,4,3:XXX.\nOO..\n....:O", "3,4,3:XXX./OO../....:O"},
		{"2,2,1:    :O", "2,2,1:../..:O"},
		{"3,3,3:OO./X../...:X", "3,3,3:OO./X../...:X"}, // O opened: X to move with 1 X, 2 O
		{"1,3,2:OOX:X", "1,3,2:OOX:X"},                 // O opened and won on a full board
		{"3,3,3:XOX/XOO/OXX:O", "3,3,3:XOX/XOO/OXX:O"}, // a draw
	}
	for _, c := range good {
		parts := strings.Split(c.canon, ":")
		var rows, cols, k int
		fmt.Sscanf(parts[0], "%d,%d,%d", &rows, &cols, &k)
		b := audParseBoardLoose(parts[1])
		p := 1 + strings.IndexByte("XO", parts[2][0])
		g, err := ParseGame(c.text)
		if !audWantErr(t, fmt.Sprintf("ParseGame(%q)", c.text), err, StatusOK, -1) {
			continue
		}
		m := audModelOf(b, rows, cols, k, p)
		if m.text() != c.canon {
			t.Fatalf("reference: %q gives text %q", c.canon, m.text())
		}
		audCheck(t, g, m, fmt.Sprintf("ParseGame(%q)", c.text))
		g.Close()
	}
	// Well formed, but no legal game gives it.
	for _, text := range []string{
		"3,3,3:XX./.../...:X",     // two X, X to move: X opened and moved twice
		"3,3,3:XX./.../...:O",     // two X, O to move: O opened, yet has no stone
		"3,3,3:XXX/OOO/...:X",     // both have a line
		"3,3,3:XXX/OO./...:X",     // X won, yet X is to move (so O opened and X moved twice)
		"3,3,3:OOO/XX./X..:O",     // O won, then X moved
		"1,7,3:XXX.XXX:O",         // 6 X and no O
		"2,7,3:XXX.XXX/OO.OO.O:O", // X's two lines share no stone
		"3,3,3:O../.../...:O",     // one O, O to move: O opened and moved twice
	} {
		g, err := ParseGame(text)
		audWantErr(t, fmt.Sprintf("ParseGame(%q)", text), err, StatusUnreachableBoard, -1)
		if g != nil {
			t.Errorf("ParseGame(%q) failed but returned a game", text)
			g.Close()
		}
	}
	// Malformed: ErrParse.
	for _, text := range []string{
		"",
		"3,3,3",
		"3,3,3:.........",
		"3,3,3:.........:",
		"3,3,3:.........:Z",
		"3,3,3:.........:x",
		"3,3,3:.........:XO",
		"3,3,3:.........:X:",
		"3,3,3:.........:X\x00",
		"3,3:.........:X",
		"3,3,3,3:.........:X",
		"3,3,3:........:X",
		"3,3,3:..........:X",
		"3,3,3:...x.....:X",
		"3,3,3:...-.....:X",
		"+3,3,3:.........:X",
		"-3,3,3:.........:X",
		" 3,3,3:.........:X",
		"3, 3,3:.........:X",
		"3,3,3 :.........:X",
		"a,3,3:.........:X",
		"3,,3:.........:X",
		"3;3;3:.........:X",
		"3x3x3:.........:X",
		"3,3,3;.........;X",
		"3,3,3:X..\x00.O....:X",
		"3,3,3:X..\r\n.O.\r\n...:X",
		"3,3,3:X.o/.../...:X",
		"3,3,3:X.Ö/.../...:X",
	} {
		g, err := ParseGame(text)
		audWantErr(t, fmt.Sprintf("ParseGame(%q)", text), err, StatusParseError, -1)
		if g != nil {
			t.Errorf("ParseGame(%q) failed but returned a game", text)
			g.Close()
		}
	}
	// Well formed numbers, bad size: ErrInvalidArgument (the rules).
	for _, text := range []string{"3,3,0:.........:X", "3,3,4:.........:X", "1,5,6:.....:X"} {
		g, err := ParseGame(text)
		audWantErr(t, fmt.Sprintf("ParseGame(%q)", text), err, StatusInvalidArgument, -1)
		if g != nil {
			g.Close()
		}
	}
	// A number past uint32_t must not wrap around to a small one (2^32 + 3 would be 3).
	for _, text := range []string{"4294967299,3,3:.........:X", "3,3,4294967299:.........:X", "3,18446744073709551619,3:.........:X"} {
		g, err := ParseGame(text)
		if err == nil || !(errors.Is(err, ErrParse) || errors.Is(err, ErrInvalidArgument) || errors.Is(err, ErrTooLarge)) {
			t.Errorf("ParseGame(%q) = %v; want ErrParse, ErrInvalidArgument or ErrTooLarge", text, err)
		}
		if g != nil {
			g.Close()
		}
	}
}

// The header (ttt_game_from_text): "rows, cols and k are plain decimal numbers (leading zeros
// are accepted; no sign, no spaces)", with no limit on how many.
func TestAuditParseGameManyLeadingZeros(t *testing.T) {
	for _, text := range []string{
		"00000000003,3,3:X../.O./...:X",
		"3,000000000000000000003,3:X../.O./...:X",
		"3,3,0000000000000000000000000003:X../.O./...:X",
	} {
		g, err := ParseGame(text)
		if audWantErr(t, fmt.Sprintf("ParseGame(%q)", text), err, StatusOK, -1) {
			audCheck(t, g, audModelOf(audParseBoardLoose("X...O...."), 3, 3, 3, 1), fmt.Sprintf("ParseGame(%q)", text))
			g.Close()
		}
	}
}

// ---------------------------------------------------------------------------------------------
// Winning lines, directed (header: ttt_game_winning_line)
// ---------------------------------------------------------------------------------------------

func TestAuditWinningLines(t *testing.T) {
	cases := []struct {
		name          string
		rows, cols, k int
		opener        int
		moves         []int // cells; the opener's move first, then alternating
		res           Result
		line          []int // end to end, written out by hand
		unique        bool  // the winner has one maximal run only (so a loaded game must show it)
	}{
		{"row and column at once, on a full board: the row", 3, 3, 3, 1,
			[]int{1, 4, 2, 5, 3, 7, 6, 8, 0}, AWins, []int{0, 1, 2}, false},
		{"column and diagonal at once: the column", 4, 4, 3, 1,
			[]int{0, 12, 2, 13, 5, 15, 6, 8, 10}, AWins, []int{2, 6, 10}, false},
		{"both diagonals at once: the ↘ one", 5, 5, 3, 1,
			[]int{6, 0, 18, 1, 8, 24, 16, 23, 12}, AWins, []int{6, 12, 18}, false},
		{"all four directions at once: the row", 7, 7, 3, 1,
			[]int{22, 0, 23, 1, 10, 7, 17, 5, 32, 6, 30, 42, 36, 48, 40, 45, 24}, AWins, []int{22, 23, 24}, false},
		{"a run of 5 with k=3, closed in the middle", 2, 7, 3, 1,
			[]int{0, 7, 1, 8, 3, 10, 4, 11, 2}, AWins, []int{0, 1, 2, 3, 4}, true},
		{"O's ↙ run of 4 with k=3", 5, 5, 3, 1,
			[]int{0, 4, 1, 8, 24, 16, 23, 12}, BWins, []int{4, 8, 12, 16}, true},
		{"k=1 on 1x1: the only move wins on a full board", 1, 1, 1, 1, []int{0}, AWins, []int{0}, true},
		{"k=1, player 2 opens and wins at once", 2, 3, 1, 2, []int{4}, BWins, []int{4}, true},
		{"k=1 on 3x3 by Play", 3, 3, 1, 1, []int{7}, AWins, []int{7}, true},
		{"full board, the last move wins a diagonal", 3, 3, 3, 1,
			[]int{2, 1, 7, 3, 4, 6, 0, 5, 8}, AWins, []int{0, 4, 8}, true},
		{"full board, player 2 opened and its last move wins", 1, 3, 2, 2,
			[]int{0, 2, 1}, BWins, []int{0, 1}, true},
		{"a column of 4 with k=4, ↓ only", 4, 4, 4, 1,
			[]int{1, 0, 5, 4, 9, 8, 13}, AWins, []int{1, 5, 9, 13}, true},
	}
	sameLine := func(got []Cell, cols int, want []int) bool {
		g := audCellsIdx(got, cols)
		if audEqInts(g, want) {
			return true
		}
		rev := make([]int, len(want))
		for i, c := range want {
			rev[len(want)-1-i] = c
		}
		return audEqInts(g, rev)
	}
	for _, c := range cases {
		cols := c.cols
		g := audNew(t, c.rows, c.cols, c.k)
		m := newAudModel(c.rows, c.cols, c.k)
		var last Result
		for i, cell := range c.moves {
			r, cc := cell/cols, cell%cols
			if m.result != Pending {
				t.Fatalf("[%s] the case is wrong: the model's game ended before move %d", c.name, i)
			}
			if i == 0 {
				w, err := g.Move(r, cc, c.opener)
				m.move(r, cc, c.opener)
				if err != nil || w != m.result.Winner() {
					t.Errorf("[%s] Move(%d,%d,%d) = %d, %v", c.name, r, cc, c.opener, w, err)
				}
				last = Result(0)
				if w != 0 {
					last = Result(w)
				}
			} else {
				var err error
				last, err = g.Play(r, cc)
				m.play(r, cc)
				if err != nil {
					t.Errorf("[%s] Play(%d,%d): %v", c.name, r, cc, err)
				}
			}
		}
		if m.result != c.res || !audEqInts(m.line, c.line) {
			t.Fatalf("[%s] the case is wrong: the model says %v, line %v", c.name, m.result, m.line)
		}
		if last != c.res {
			t.Errorf("[%s] the last move returned %v, want %v", c.name, last, c.res)
		}
		wl, err := g.WinningLine()
		if err != nil || !sameLine(wl, cols, c.line) {
			t.Errorf("[%s] WinningLine = %v, %v; want cells %v end to end", c.name, wl, err, c.line)
		}
		audCheck(t, g, m, c.name)
		_, err = g.Play(0, 0)
		audWantErr(t, c.name+": Play after the win", err, StatusGameOver, -1)
		if c.opener == 1 {
			moves := make([]Cell, len(c.moves))
			for i, cell := range c.moves {
				moves[i] = Cell{cell / cols, cell % cols}
			}
			if r, err := Judge(moves, c.rows, c.cols, c.k); err != nil || r != c.res {
				t.Errorf("[%s] Judge = %v, %v; want %v", c.name, r, err, c.res)
			}
		}
		// Undo clears the line, Redo brings the same one back.
		audWantErr(t, c.name+": Undo", g.Undo(), m.undo(), -1)
		audCheck(t, g, m, c.name+" undone")
		audWantErr(t, c.name+": Redo", g.Redo(), m.redoMove(), -1)
		if wl, err := g.WinningLine(); err != nil || !sameLine(wl, cols, c.line) {
			t.Errorf("[%s] after Undo and Redo: WinningLine = %v, %v; want %v", c.name, wl, err, c.line)
		}
		audCheck(t, g, m, c.name+" redone")
		// Through text: the result and a winning run are restored.
		text, _ := g.Text()
		p, err := ParseGame(text)
		if audWantErr(t, c.name+": ParseGame("+text+")", err, StatusOK, -1) {
			audCheck(t, p, m.loaded(), c.name+" loaded")
			if wl, err := p.WinningLine(); c.unique && (err != nil || !sameLine(wl, cols, c.line)) {
				t.Errorf("[%s] loaded: WinningLine = %v, %v; want %v", c.name, wl, err, c.line)
			}
			p.Close()
		}
		g.Close()
	}
}

// ---------------------------------------------------------------------------------------------
// Best move on late positions of bigger boards, against the plain minimax
// ---------------------------------------------------------------------------------------------

// audWindow is a random k-window (k cells in a line) of the board.
func audWindow(rng *rand.Rand, rows, cols, k int) []int {
	for {
		r, c, d := rng.Intn(rows), rng.Intn(cols), audDirs[rng.Intn(4)]
		if !audIn(rows, cols, r+d[0]*(k-1), c+d[1]*(k-1)) {
			continue
		}
		w := make([]int, k)
		for i := range w {
			w[i] = (r+d[0]*i)*cols + c + d[1]*i
		}
		return w
	}
}

// audQuietMoves plays random quiet moves (moves that neither win nor fill the board), the
// opener first, until `empty` cells remain. With bias each player gets up to two k-windows
// that it favours and the other player leaves alone, so that threats are left for the end. Nil when it keeps getting stuck.
func audQuietMoves(rng *rand.Rand, rows, cols, k, empty, opener int, bias bool) []int {
	n := rows * cols
	for try := 0; try < 200; try++ {
		var fav [3][]int
		reserved := make([]int, n) // bit p: the cell is in one of p's windows
		if bias {
			for p := 1; p <= 2; p++ {
				for w := rng.Intn(3); w > 0; w-- {
					win := audWindow(rng, rows, cols, k)
					fav[p] = append(fav[p], win...)
					for _, c := range win {
						reserved[c] |= p
					}
				}
			}
		}
		b := make([]int, n)
		moves := []int{}
		p := opener
		quiet := func(c int) bool {
			if b[c] != 0 || reserved[c]&(3-p) != 0 {
				return false
			}
			b[c] = p
			ok := audWinLine(b, rows, cols, k, c) == nil && len(moves)+1 < n
			b[c] = 0
			return ok
		}
		for len(moves) < n-empty {
			var cand []int
			if bias && rng.Intn(3) > 0 {
				for _, c := range fav[p] {
					if quiet(c) {
						cand = append(cand, c)
					}
				}
			}
			if len(cand) == 0 {
				for c := range b {
					if quiet(c) {
						cand = append(cand, c)
					}
				}
			}
			if len(cand) == 0 {
				break
			}
			c := cand[rng.Intn(len(cand))]
			b[c] = p
			moves = append(moves, c)
			p = 3 - p
		}
		if len(moves) == n-empty {
			return moves
		}
	}
	return nil
}

// audWins lists the empty cells where p would complete a line now.
func audWins(b []int, rows, cols, k, p int) []int {
	var out []int
	for c, v := range b {
		if v == 0 {
			b[c] = p
			if audWinLine(b, rows, cols, k, c) != nil {
				out = append(out, c)
			}
			b[c] = 0
		}
	}
	return out
}

// audReplay plays moves (cells) on a new game and on the model: the first with Move by the
// opener, the rest with Play.
func audReplay(t testing.TB, rows, cols, k int, moves []int, opener int) (*Game, *audModel) {
	t.Helper()
	g := audNew(t, rows, cols, k)
	m := newAudModel(rows, cols, k)
	for i, c := range moves {
		r, cc := c/cols, c%cols
		var err error
		var st Status
		if i == 0 {
			_, err = g.Move(r, cc, opener)
			_, st = m.move(r, cc, opener)
		} else {
			_, err = g.Play(r, cc)
			_, st = m.play(r, cc)
		}
		if st != StatusOK {
			t.Fatalf("reference: move %d (cell %d) refused with %d", i, c, st)
		}
		if err != nil {
			t.Fatalf("%d,%d,%d: move %d (%d,%d): %v", rows, cols, k, i, r, cc, err)
		}
	}
	return g, m
}

// audOptimal is the set that ttt_game_optimal_moves names: every move that still wins, else every move that still
// draws, else (a lost position) every move.
func audOptimal(scores map[int]int) []int {
	want := audBest(scores)
	var out []int
	for cell, s := range scores {
		if want < 0 || (s > 0) == (want > 0) && (s == 0) == (want == 0) {
			out = append(out, cell)
		}
	}
	return audSorted(out)
}

func TestAuditBestMoveLatePositions(t *testing.T) {
	rng := rand.New(rand.NewSource(77))
	shapes := []struct{ rows, cols, k, positions, minEmpty, maxEmpty int }{
		{3, 4, 3, 12, 5, 8},
		{4, 4, 3, 12, 5, 8},
		{4, 4, 4, 12, 5, 8},
		{1, 8, 3, 12, 3, 6},
		{2, 5, 3, 12, 4, 8},
		{8, 8, 8, 8, 5, 8},  // rows x (cols+1) = 72 > 64: the 128-bit solver
		{1, 70, 3, 6, 5, 8}, // 71 > 64 too
	}
	signs := map[int]int{}
	budget := 6
	for _, sh := range shapes {
		rows, cols, k := sh.rows, sh.cols, sh.k
		bigSigns := map[int]int{}
		for pos := 0; pos < sh.positions; pos++ {
			empty := sh.minEmpty + rng.Intn(sh.maxEmpty-sh.minEmpty+1)
			opener := 1
			if rng.Intn(4) == 0 {
				opener = 2
			}
			// Mostly positions where the side to move has no win in one, for draws and losses.
			var moves []int
			for try := 0; try < 100; try++ {
				moves = audQuietMoves(rng, rows, cols, k, empty, opener, pos%2 == 0 || rows*(cols+1) > 64)
				if moves == nil {
					t.Fatalf("could not build a quiet %d,%d,%d position with %d empty cells", rows, cols, k, empty)
				}
				b := make([]int, rows*cols)
				for i, c := range moves {
					b[c] = 1 + (opener-1+i)%2
				}
				if pos%4 == 3 || len(audWins(b, rows, cols, k, 1+(opener-1+len(moves))%2)) == 0 {
					break
				}
			}
			g, m := audReplay(t, rows, cols, k, moves, opener)
			ctx := fmt.Sprintf("%d,%d,%d %s", rows, cols, k, m.text())
			if pos%3 == 1 { // reloaded from its text
				text, err := g.Text()
				p, err2 := ParseGame(text)
				if err != nil || err2 != nil {
					t.Fatalf("%s: Text/ParseGame: %v, %v", ctx, err, err2)
				}
				g.Close()
				g, m = p, m.loaded()
				ctx += " (reloaded)"
			}
			failed := t.Failed()
			audCheck(t, g, m, ctx)
			scores := audScores(append([]int(nil), m.b...), rows, cols, k, m.alt())
			want := audBest(scores)
			optimal := audOptimal(scores)
			switch {
			case want > 0:
				signs[1]++
				bigSigns[1]++
			case want < 0:
				signs[-1]++
				bigSigns[-1]++
			default:
				signs[0]++
				bigSigns[0]++
			}
			move, score, err := g.BestMove()
			if s, legal := scores[move.Row*cols+move.Col]; err != nil || score != want || !audIn(rows, cols, move.Row, move.Col) || !legal || s != want {
				t.Errorf("%s: BestMove = %v, %d, %v; want score %d with a move scoring it (scores %v)", ctx, move, score, err, want, scores)
			}
			got, err := g.OptimalMoves()
			if err != nil || !audEqInts(audCellsIdx(got, cols), optimal) {
				t.Errorf("%s: OptimalMoves = %v, %v; want cells %v (scores %v)", ctx, got, err, optimal, scores)
			}
			for _, seed := range []uint64{1, 99} {
				a, err := g.AIMove(LevelPerfect, seed)
				cell := a.Row*cols + a.Col
				if err != nil || !audIn(rows, cols, a.Row, a.Col) || sort.SearchInts(optimal, cell) == len(optimal) || optimal[sort.SearchInts(optimal, cell)] != cell {
					t.Errorf("%s: AIMove(LevelPerfect, %d) = %v, %v; want one of cells %v (value %d)", ctx, seed, a, err, optimal, want)
				}
			}
			audCheck(t, g, m, ctx+" after the AI calls")
			g.Close()
			if !failed && t.Failed() {
				if budget--; budget == 0 {
					t.Fatal("too many failures; stopping")
				}
			}
		}
		t.Logf("%d,%d,%d: %d wins, %d draws, %d losses", rows, cols, k, bigSigns[1], bigSigns[0], bigSigns[-1])
		if rows*(cols+1) > 64 && bigSigns[0] == sh.positions {
			t.Errorf("%d,%d,%d: every position was a draw; the generator should give wins or losses too", rows, cols, k)
		}
	}
	t.Logf("values: %d wins, %d draws, %d losses for the side to move", signs[1], signs[0], signs[-1])
	if signs[1] < 5 || signs[0] < 5 || signs[-1] < 5 {
		t.Errorf("generator: %v; want at least 5 wins, draws and losses", signs)
	}
}

// ---------------------------------------------------------------------------------------------
// Search and AIMove on 15x15, k=5 (header: ttt_game_search, ttt_game_ai_move)
// ---------------------------------------------------------------------------------------------

// audThreatMoves builds a 15x15 game in which `attacker` holds four cells of a five-cell
// window (and with both, the defender four of another), with random quiet stones of both
// players around; it stops with the attacker to move (attackerToMove) or the defender. Nil
// when a stone would have ended the game.
func audThreatMoves(rng *rand.Rand, rows, cols, k, attacker, opener int, attackerToMove, both bool) []int {
	inWin := map[int]bool{}
	var four [3][]int
	var centre int
	for p, n := attacker, 0; n < 1 || both && n < 2; p, n = 3-p, n+1 {
		win := audWindow(rng, rows, cols, k)
		for _, c := range win {
			if inWin[c] {
				return nil
			}
		}
		gap := rng.Intn(k)
		for i, c := range win {
			inWin[c] = true
			if i != gap {
				four[p] = append(four[p], c)
			}
		}
		rng.Shuffle(len(four[p]), func(i, j int) { four[p][i], four[p][j] = four[p][j], four[p][i] })
		if n == 0 {
			centre = win[k/2]
		}
	}
	cr, cc := centre/cols, centre%cols
	b := make([]int, rows*cols)
	var moves []int
	extra := 4 + rng.Intn(12)
	for p := opener; ; p = 3 - p {
		if len(four[1])+len(four[2]) == 0 && extra <= 0 && (p == attacker) == attackerToMove {
			return moves
		}
		var cell int
		if len(four[p]) > 0 && (extra <= 0 || rng.Intn(2) == 0) {
			cell, four[p] = four[p][0], four[p][1:]
		} else {
			var cand []int
			near := rng.Intn(10) < 7
			for c := range b {
				r, cl := c/cols, c%cols
				if b[c] != 0 || inWin[c] || near && (r < cr-3 || r > cr+3 || cl < cc-3 || cl > cc+3) {
					continue
				}
				cand = append(cand, c)
			}
			if len(cand) == 0 {
				return nil
			}
			cell = cand[rng.Intn(len(cand))]
			extra--
		}
		b[cell] = p
		if audWinLine(b, rows, cols, k, cell) != nil {
			return nil
		}
		moves = append(moves, cell)
	}
}

func TestAuditSearch15x15(t *testing.T) {
	const rows, cols, k = 15, 15, 5
	rng := rand.New(rand.NewSource(1515))
	legal := func(ctx string, c Cell, err error, m *audModel) bool {
		t.Helper()
		if err != nil || !audIn(rows, cols, c.Row, c.Col) || m.b[c.Row*cols+c.Col] != 0 {
			t.Errorf("%s = %v, %v; want an empty cell of the board", ctx, c, err)
			return false
		}
		return true
	}
	// Random positions, from the empty board to a crowded one: always a legal move, the same
	// one again for the same node budget and seed (also on a clone), and the game untouched
	// (history and redo list included).
	for pos, stones := range []int{0, 1, 2, 15, 40, 90, 170} {
		opener := 1 + pos%2
		moves := audQuietMoves(rng, rows, cols, k, rows*cols-stones, opener, false)
		if moves == nil {
			t.Fatalf("could not build a quiet 15x15 position with %d stones", stones)
		}
		g, m := audReplay(t, rows, cols, k, moves, opener)
		if stones > 0 {
			audWantErr(t, "Undo", g.Undo(), m.undo(), -1) // leave something to redo
		}
		ctx := fmt.Sprintf("15x15 with %d stones", m.stones)
		cl, err := g.Clone()
		if err != nil {
			t.Fatal(err)
		}
		for _, seed := range []uint64{1, 2} {
			for _, nodes := range []uint64{1, 300} {
				c1, err := g.Search(nodes, 0, seed)
				name := fmt.Sprintf("%s: Search(%d, 0, %d)", ctx, nodes, seed)
				if legal(name, c1, err, m) {
					if c2, err := g.Search(nodes, 0, seed); err != nil || c2 != c1 {
						t.Errorf("%s again = %v, %v; first %v", name, c2, err, c1)
					}
					if c3, err := cl.Search(nodes, 0, seed); err != nil || c3 != c1 {
						t.Errorf("%s on a clone = %v, %v; on the game %v", name, c3, err, c1)
					}
				}
			}
			c, err := g.Search(0, 2*time.Millisecond, seed)
			legal(fmt.Sprintf("%s: Search(0, 2ms, %d)", ctx, seed), c, err, m)
			for lv := LevelRandom; lv <= LevelHard; lv++ {
				a1, err := g.AIMove(lv, seed)
				name := fmt.Sprintf("%s: AIMove(%d, %d)", ctx, lv, seed)
				if legal(name, a1, err, m) {
					if a2, err := g.AIMove(lv, seed); err != nil || a2 != a1 {
						t.Errorf("%s again = %v, %v; first %v", name, a2, err, a1)
					}
				}
			}
		}
		audCheck(t, g, m, ctx+" after Search and AIMove")
		if stones > 0 {
			audWantErr(t, ctx+": Redo", g.Redo(), m.redoMove(), -1)
			audCheck(t, g, m, ctx+" redone")
		}
		cl.Close()
		g.Close()
	}
	// Threats: an immediate win is taken; else an immediate loss (one cell only) is blocked.
	perfect := map[bool]bool{}
	for sc := 0; sc < 16; sc++ {
		winMode := sc%2 == 0
		both := sc%4 == 0 // the win is taken even when the opponent threatens one too
		attacker, opener := 1+rng.Intn(2), 1+rng.Intn(2)
		var moves []int
		var wins, threats []int
		for try := 0; ; try++ {
			if try == 500 {
				t.Fatal("could not build a threat position")
			}
			moves = audThreatMoves(rng, rows, cols, k, attacker, opener, winMode, both)
			if moves == nil {
				continue
			}
			b := make([]int, rows*cols)
			for i, c := range moves {
				b[c] = 1 + (opener-1+i)%2
			}
			mover := 1 + (opener-1+len(moves))%2
			wins, threats = audWins(b, rows, cols, k, mover), audWins(b, rows, cols, k, 3-mover)
			if winMode && len(wins) > 0 && (!both || len(threats) > 0) || !winMode && len(wins) == 0 && len(threats) == 1 {
				break
			}
		}
		g, m := audReplay(t, rows, cols, k, moves, opener)
		ctx := fmt.Sprintf("%s (%d to move)", m.text(), m.alt())
		if sc%3 == 2 { // a game loaded from text (the search scans it for its stones)
			text, _ := g.Text()
			p, err := ParseGame(text)
			if err != nil {
				t.Fatalf("%s: ParseGame: %v", ctx, err)
			}
			g.Close()
			g, m = p, m.loaded()
			ctx += " (reloaded)"
		}
		want := wins
		if !winMode {
			want = threats
		}
		good := func(name string, c Cell, err error) {
			t.Helper()
			if err != nil || !audIn(rows, cols, c.Row, c.Col) || sort.SearchInts(want, c.Row*cols+c.Col) == len(want) || want[sort.SearchInts(want, c.Row*cols+c.Col)] != c.Row*cols+c.Col {
				what := "the winning cells"
				if !winMode {
					what = "the cell that blocks"
				}
				t.Errorf("%s: %s = %v, %v; want %s %v", ctx, name, c, err, what, want)
			}
		}
		seed := uint64(sc)
		for _, nodes := range []uint64{1, 100, 1000} {
			c, err := g.Search(nodes, 0, seed)
			good(fmt.Sprintf("Search(%d, 0, %d)", nodes, seed), c, err)
		}
		c, err := g.Search(0, 2*time.Millisecond, seed)
		good(fmt.Sprintf("Search(0, 2ms, %d)", seed), c, err)
		levels := []Level{LevelMedium, LevelHard}
		if winMode {
			levels = append(levels, LevelEasy)
		}
		if !perfect[winMode] {
			perfect[winMode] = true
			levels = append(levels, LevelPerfect)
		}
		for _, lv := range levels {
			a, err := g.AIMove(lv, seed)
			good(fmt.Sprintf("AIMove(%d, %d)", lv, seed), a, err)
		}
		a, err := g.AIMove(LevelRandom, seed)
		legal(ctx+": AIMove(LevelRandom)", a, err, m)
		audCheck(t, g, m, ctx+" after Search and AIMove")
		if winMode { // take the win: the game is over, and the AI says so
			r, err := g.Play(wins[0]/cols, wins[0]%cols)
			m.play(wins[0]/cols, wins[0]%cols)
			if err != nil || r != m.result || r.Winner() == 0 {
				t.Errorf("%s: the winning Play = %v, %v; want %v", ctx, r, err, m.result)
			}
			c, err := g.Search(100, 0, 1)
			audWantErr(t, ctx+" won: Search", err, StatusGameOver, -1)
			if c != (Cell{}) {
				t.Errorf("%s won: Search returned %v with its error", ctx, c)
			}
			c, err = g.AIMove(LevelHard, 1)
			audWantErr(t, ctx+" won: AIMove", err, StatusGameOver, -1)
			if c != (Cell{}) {
				t.Errorf("%s won: AIMove returned %v with its error", ctx, c)
			}
		}
		g.Close()
	}
	// Both limits zero: ErrInvalidArgument (header), and an unknown level.
	g := audNew(t, rows, cols, k)
	defer g.Close()
	_, err := g.Search(0, 0, 1)
	audWantErr(t, "Search(0, 0, 1)", err, StatusInvalidArgument, -1)
	_, err = g.AIMove(LevelPerfect+1, 1)
	audWantErr(t, "AIMove(LevelPerfect+1)", err, StatusInvalidArgument, -1)
}
