// audit_test.go: an independent audit of the Go binding, written from SPEC.md, the C header
// (include/tictactoe.h), this folder's README and `go doc` only. Every expectation comes from a
// small reference implemented here (a brute-force reachability search, the validity rule of
// SPEC §4, a replaying judge, a game model, a plain minimax), never from the library itself.

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

// audVerdict is SPEC §4 with the reasons in the header's order (TttVerdict).
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
	hist          []int // undoable moves, oldest first
	redo          []int // undone moves, last undone at the end
	result        Result
	line          []int // the winning run (model-played games)
	loose         bool  // the game was loaded from text: any maximal winning run will do
}

func newAudModel(rows, cols, k int) *audModel {
	return &audModel{rows: rows, cols: cols, k: k, b: make([]int, rows*cols), first: 1}
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
	return StatusOK
}

func (m *audModel) redoMove() Status {
	if len(m.redo) == 0 {
		return StatusNothingToRedo
	}
	cell := m.redo[len(m.redo)-1]
	m.redo = m.redo[:len(m.redo)-1]
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
	c.hist, c.redo = nil, nil
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
		{[]Cell{{4095, 4095}}, 4096, 4096, 5, StatusOK, -1, Pending, "4096x4096 works (SPEC §5)"},
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
// Game: directed checks of SPEC §2 / the header
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
	if tm, _ := g.ToMove(); tm != 2 {
		t.Errorf("after undoing player 2's opening, ToMove = %d, want 2 (header: who started is kept)", tm)
	}
	_, err = g.Play(2, 2)
	m.play(2, 2)
	step("Play continues that game (O)", err, StatusOK)
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
// Best move against a plain minimax (SPEC 3.1b scores)
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
