/*
 * tictactoe for SDL2: an m,n,k-game against the library's AI, in C99 on SDL2's software
 * renderer, using only the public header include/tictactoe.h.
 *
 *   tictactoe-sdl2                                   play (3x3; keys below)
 *   tictactoe-sdl2 --selftest OUT.bmp [--size ROWS COLS K]
 *   tictactoe-sdl2 --transcript OUT.txt
 *
 * Keys: 1 / 2 / 3 choose the board (3x3 k=3, 7x7 k=5, 15x15 k=5), Left / Right the AI level,
 * U or Backspace undoes your last move (and the AI's answer), N starts a new game, A lets the
 * AI take the side to move (you swap sides), D makes the AI play both sides, Escape quits. The
 * mouse places a stone. The window title says whose move it is and the AI's level; the bar
 * above the board shows the side to move (or the winner) and the level as pips.
 *
 * The self-test pushes one click through SDL's event queue (SDL_PushEvent), lets the AI play
 * both sides to the end, saves the frame as a BMP, loads the file back and checks every cell's
 * pixels against the game. It exits 0 only when everything matched; a failure is printed on
 * stderr with exit status 1. It runs without a display under SDL_VIDEODRIVER=dummy.
 *
 * --transcript lets the AI (level Hard) play both sides of one 15x15 k=5 game, frame by frame
 * as in play, and writes the moves, the final board and the result to OUT.txt in the format
 * tests/one_game.sh compares with the C library's and every binding's transcript.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <SDL.h>

#include "tictactoe.h"

/* Colours, exact: the self-test compares the screenshot's pixels with them. */
typedef struct {
    Uint8 r, g, b;
} Rgb;
static const Rgb BACKGROUND = {32, 36, 46};
static const Rgb CELL = {238, 228, 206}; /* an empty cell, and the ground under a stone */
static const Rgb WIN = {250, 200, 80};   /* the ground of the cells of the winning line */
static const Rgb X_COLOR = {204, 52, 52};
static const Rgb O_COLOR = {40, 92, 190};
static const Rgb LAST = {90, 90, 100};   /* outline of the last move */
static const Rgb HOVER = {150, 150, 150}; /* outline of the empty cell under the mouse */
static const Rgb DIM = {150, 156, 170};

static const uint32_t BOARDS[3][3] = {{3, 3, 3}, {7, 7, 5}, {15, 15, 5}};

/* AI levels: the library's TTT_LEVEL_RANDOM .. TTT_LEVEL_HARD, then BEST (see ai_step). */
static const char *const LEVEL_NAMES[] = {"Random", "Easy", "Medium", "Hard", "Best"};
#define BEST 4
#define LEVEL_COUNT 5

/* The AI's share of one frame at 60 frames a second, in milliseconds. */
#define SLICE_MS 6
#define FRAME_MS 16

#define TOP 56    /* the bar above the board */
#define BOTTOM 16 /* space below it */
#define MARGIN 16 /* space around it */

typedef struct {
    SDL_Window *window;
    SDL_Renderer *renderer;
    TttGame *game;
    uint32_t rows, cols, k;
    uint32_t *cells;    /* rows x cols cells of scratch: a move list or the winning line */
    int level;          /* 0 .. BEST */
    uint32_t human;     /* the side the mouse plays, 1 or 2; 0 while the AI plays both */
    uint64_t games;     /* games started, mixed into the AI's seed for variety */
    int searching;      /* Best: the exact solve ran out, the search comes next */
    Uint32 ai_at;       /* SDL_GetTicks() before which the AI waits */
    int selftest;       /* running the self-test or --transcript: no pauses, no hover */
} App;

/* The board's place in the window: top-left corner and the side of a cell, in pixels. */
typedef struct {
    int x, y, size;
} Layout;

/* Exits with a message when a library call that should not fail does. */
static void must(TttStatus status, const char *what) {
    if (status != TTT_OK) {
        fprintf(stderr, "tictactoe-sdl2: %s failed: %s\n", what, ttt_status_str(status));
        exit(EXIT_FAILURE);
    }
}

static void sdl_fail(const char *what) {
    fprintf(stderr, "tictactoe-sdl2: %s failed: %s\n", what, SDL_GetError());
    exit(EXIT_FAILURE);
}

static TttResult result_of(const App *app) {
    TttResult result;
    must(ttt_game_result(app->game, &result), "ttt_game_result");
    return result;
}

static uint32_t to_move(const App *app) {
    uint32_t player;
    must(ttt_game_to_move(app->game, &player), "ttt_game_to_move");
    return player;
}

static size_t move_count(const App *app) {
    size_t count;
    must(ttt_game_move_count(app->game, &count), "ttt_game_move_count");
    return count;
}

static uint32_t cell_at_index(const App *app, uint32_t row, uint32_t col) {
    uint32_t stone;
    must(ttt_game_cell(app->game, row, col, &stone), "ttt_game_cell");
    return stone;
}

static void new_game(App *app, uint32_t rows, uint32_t cols, uint32_t k) {
    TttGame *game;
    uint32_t *cells = malloc((size_t)rows * cols * sizeof *cells);
    if (cells == NULL) {
        fprintf(stderr, "tictactoe-sdl2: out of memory\n");
        exit(EXIT_FAILURE);
    }
    must(ttt_game_new(rows, cols, k, &game), "ttt_game_new");
    ttt_game_free(app->game);
    free(app->cells);
    app->game = game;
    app->cells = cells;
    app->rows = rows;
    app->cols = cols;
    app->k = k;
    app->games++;
    app->searching = 0;
}

static Layout layout(const App *app) {
    Layout l;
    int w, h, size_w, size_h;
    if (SDL_GetRendererOutputSize(app->renderer, &w, &h) != 0) {
        sdl_fail("SDL_GetRendererOutputSize");
    }
    size_w = (w - 2 * MARGIN) / (int)app->cols;
    size_h = (h - TOP - BOTTOM - 2 * MARGIN) / (int)app->rows;
    l.size = size_w < size_h ? size_w : size_h;
    if (l.size < 4) {
        l.size = 4;
    }
    l.x = (w - l.size * (int)app->cols) / 2;
    l.y = TOP + MARGIN + (h - TOP - BOTTOM - 2 * MARGIN - l.size * (int)app->rows) / 2;
    return l;
}

/* The cell under the pixel (x, y): returns 1 and writes it, or 0 when off the board. */
static int cell_at(const App *app, const Layout *l, int x, int y, uint32_t *row, uint32_t *col) {
    int dx = x - l->x, dy = y - l->y;
    if (dx < 0 || dy < 0 || dx / l->size >= (int)app->cols || dy / l->size >= (int)app->rows) {
        return 0;
    }
    *row = (uint32_t)(dy / l->size);
    *col = (uint32_t)(dx / l->size);
    return 1;
}

/* A window that fits the board with cells of a comfortable size. */
static void fit_window(App *app) {
    uint32_t longest = app->rows > app->cols ? app->rows : app->cols;
    int size = (int)(600 / longest);
    int w, h;
    size = size < 32 ? 32 : size > 120 ? 120 : size;
    w = size * (int)app->cols + 2 * MARGIN;
    w = w < 360 ? 360 : w;
    h = size * (int)app->rows + TOP + BOTTOM + 2 * MARGIN;
    SDL_SetWindowSize(app->window, w, h);
}

static void choose_board(App *app, int i) {
    new_game(app, BOARDS[i][0], BOARDS[i][1], BOARDS[i][2]);
    fit_window(app);
}

/* ---------------------------------------------------------------------------------------- */
/* The AI, within a frame budget: it never holds a frame for more than about SLICE_MS. */

/*
 * One frame's step of the AI's move: returns 1 with the move in *row, *col when chosen, 0 to
 * go on in the next frame. Levels Random to Hard are one call of a few milliseconds. Best
 * first asks the exact solver for a proof within the slice (instant on 3x3, and near the end
 * of bigger games); when that runs out (TTT_TOO_HARD) it searches for the rest of the slice,
 * or for a whole slice in the next frame when the solver used most of this one.
 */
static int ai_step(App *app, uint32_t *row, uint32_t *col) {
    uint64_t seed = app->games * 1000 + move_count(app);
    if (app->level < BEST) {
        must(ttt_game_ai_move(app->game, (uint32_t)app->level, seed, row, col), "ttt_game_ai_move");
        return 1;
    }
    if (!app->searching) {
        Uint32 start = SDL_GetTicks();
        int32_t score;
        Uint32 used;
        TttStatus status = ttt_game_best_move_within(app->game, 0, SLICE_MS, row, col, &score);
        if (status == TTT_OK) {
            return 1;
        }
        if (status != TTT_TOO_HARD) {
            must(status, "ttt_game_best_move_within");
        }
        app->searching = 1;
        used = SDL_GetTicks() - start;
        if (used + 2 > SLICE_MS) {
            return 0;
        }
        must(ttt_game_search(app->game, 0, SLICE_MS - used, seed, row, col), "ttt_game_search");
        return 1;
    }
    must(ttt_game_search(app->game, 0, SLICE_MS, seed, row, col), "ttt_game_search");
    return 1;
}

static int ai_to_move(const App *app) {
    return result_of(app) == TTT_PENDING && (app->human == 0 || to_move(app) != app->human);
}

/* The AI waits `ms` before its next move (not in the self-test, which plays at full speed). */
static void ai_pause(App *app, Uint32 ms) {
    app->ai_at = SDL_GetTicks() + (app->selftest ? 0 : ms);
    app->searching = 0;
}

static void update_ai(App *app) {
    uint32_t row, col;
    TttResult result;
    if (!ai_to_move(app) || !SDL_TICKS_PASSED(SDL_GetTicks(), app->ai_at)) {
        return;
    }
    if (ai_step(app, &row, &col)) {
        must(ttt_game_play(app->game, row, col, &result), "ttt_game_play");
        ai_pause(app, app->human == 0 ? 300 : 0);
    }
}

/* ---------------------------------------------------------------------------------------- */
/* Input. */

static void click(App *app, int x, int y) {
    Layout l = layout(app);
    uint32_t row, col;
    TttResult result;
    if (result_of(app) != TTT_PENDING || app->human == 0 || to_move(app) != app->human) {
        return;
    }
    if (cell_at(app, &l, x, y, &row, &col) && cell_at_index(app, row, col) == 0) {
        must(ttt_game_play(app->game, row, col, &result), "ttt_game_play");
        ai_pause(app, 150);
    }
}

static void key(App *app, SDL_Keycode sym) {
    switch (sym) {
    case SDLK_1:
    case SDLK_2:
    case SDLK_3:
        choose_board(app, (int)(sym - SDLK_1));
        break;
    case SDLK_LEFT:
        app->level = app->level > 0 ? app->level - 1 : 0;
        app->searching = 0;
        break;
    case SDLK_RIGHT:
        app->level = app->level < BEST ? app->level + 1 : BEST;
        app->searching = 0;
        break;
    case SDLK_n:
        new_game(app, app->rows, app->cols, app->k);
        app->human = app->human ? app->human : 1;
        break;
    case SDLK_u:
    case SDLK_BACKSPACE:
        /* Back to the last position where the player was to move, before their last move. */
        app->human = app->human ? app->human : to_move(app);
        if (move_count(app) > 0) {
            must(ttt_game_undo(app->game), "ttt_game_undo");
        }
        while (move_count(app) > 0 && to_move(app) != app->human) {
            must(ttt_game_undo(app->game), "ttt_game_undo");
        }
        app->searching = 0;
        break;
    case SDLK_a:
        if (app->human != 0 && result_of(app) == TTT_PENDING) {
            app->human = 3 - to_move(app);
            ai_pause(app, 150);
        }
        break;
    case SDLK_d:
        app->human = app->human ? 0 : to_move(app);
        ai_pause(app, 300);
        break;
    default:
        break;
    }
}

/* ---------------------------------------------------------------------------------------- */
/* Drawing, with the software renderer's triangles (SDL_RenderGeometry) for the stones. */

static void set_color(SDL_Renderer *r, Rgb c) {
    SDL_SetRenderDrawColor(r, c.r, c.g, c.b, 255);
}

static void fill_rect(SDL_Renderer *r, Rgb c, int x, int y, int w, int h) {
    SDL_Rect rect;
    rect.x = x;
    rect.y = y;
    rect.w = w;
    rect.h = h;
    set_color(r, c);
    SDL_RenderFillRect(r, &rect);
}

/* A quad of four corners (in order around it) in one colour. */
static void quad(SDL_Renderer *r, Rgb c, const float *xy) {
    static const int order[6] = {0, 1, 2, 0, 2, 3};
    SDL_Vertex v[4];
    int i;
    for (i = 0; i < 4; i++) {
        v[i].position.x = xy[2 * i];
        v[i].position.y = xy[2 * i + 1];
        v[i].color.r = c.r;
        v[i].color.g = c.g;
        v[i].color.b = c.b;
        v[i].color.a = 255;
        v[i].tex_coord.x = 0;
        v[i].tex_coord.y = 0;
    }
    SDL_RenderGeometry(r, NULL, v, 4, order, 6);
}

/* A bar of width w from (x0, y0) to (x1, y1). */
static void thick_line(SDL_Renderer *r, Rgb c, float x0, float y0, float x1, float y1, float w) {
    float dx = x1 - x0, dy = y1 - y0;
    float len = SDL_sqrtf(dx * dx + dy * dy);
    float nx = -dy / len * w / 2, ny = dx / len * w / 2;
    float xy[8];
    xy[0] = x0 + nx;
    xy[1] = y0 + ny;
    xy[2] = x1 + nx;
    xy[3] = y1 + ny;
    xy[4] = x1 - nx;
    xy[5] = y1 - ny;
    xy[6] = x0 - nx;
    xy[7] = y0 - ny;
    quad(r, c, xy);
}

static void draw_x(SDL_Renderer *r, float x, float y, float s) {
    float p = s * 0.26f, w = s * 0.12f < 3 ? 3 : s * 0.12f;
    thick_line(r, X_COLOR, x + p, y + p, x + s - p, y + s - p, w);
    thick_line(r, X_COLOR, x + s - p, y + p, x + p, y + s - p, w);
}

/* A ring of 48 quads around the centre (cx, cy) from radius r0 to r1. */
static void ring(SDL_Renderer *r, Rgb c, float cx, float cy, float r0, float r1) {
    int i;
    for (i = 0; i < 48; i++) {
        float a0 = (float)i * 2 * 3.14159265f / 48, a1 = (float)(i + 1) * 2 * 3.14159265f / 48;
        float xy[8];
        xy[0] = cx + r0 * SDL_cosf(a0);
        xy[1] = cy + r0 * SDL_sinf(a0);
        xy[2] = cx + r1 * SDL_cosf(a0);
        xy[3] = cy + r1 * SDL_sinf(a0);
        xy[4] = cx + r1 * SDL_cosf(a1);
        xy[5] = cy + r1 * SDL_sinf(a1);
        xy[6] = cx + r0 * SDL_cosf(a1);
        xy[7] = cy + r0 * SDL_sinf(a1);
        quad(r, c, xy);
    }
}

static void draw_o(SDL_Renderer *r, float x, float y, float s) {
    float w = s * 0.11f < 3 ? 3 : s * 0.11f;
    ring(r, O_COLOR, x + s / 2, y + s / 2, s * 0.27f - w / 2, s * 0.27f + w / 2);
}

static void draw_stone(SDL_Renderer *r, uint32_t stone, float x, float y, float s) {
    if (stone == 1) {
        draw_x(r, x, y, s);
    } else if (stone == 2) {
        draw_o(r, x, y, s);
    }
}

static void outline(SDL_Renderer *r, Rgb c, int x, int y, int s) {
    fill_rect(r, c, x + 3, y + 3, s - 6, 2);
    fill_rect(r, c, x + 3, y + s - 5, s - 6, 2);
    fill_rect(r, c, x + 3, y + 3, 2, s - 6);
    fill_rect(r, c, x + s - 5, y + 3, 2, s - 6);
}

/* Whether (row, col) is one of the `count` cells of the winning line. */
static int on_line(const App *app, const uint32_t *line, size_t count, uint32_t row, uint32_t col) {
    size_t i;
    for (i = 0; i < count; i++) {
        if (line[i] == row * app->cols + col) {
            return 1;
        }
    }
    return 0;
}

/*
 * The bar above the board: the side to move's stone (the winner's on the winning line's
 * colour; both stones for a draw), and the AI's level as pips; the window title says it in
 * words.
 */
static void draw_bar(App *app) {
    SDL_Renderer *r = app->renderer;
    TttResult result = result_of(app);
    int w, h, i;
    char title[160];
    const char *names[3] = {"", "X", "O"};
    SDL_GetRendererOutputSize(r, &w, &h);
    if (result == TTT_DRAW) {
        fill_rect(r, CELL, MARGIN, 12, 36, 36);
        fill_rect(r, CELL, MARGIN + 40, 12, 36, 36);
        draw_x(r, MARGIN, 12, 36);
        draw_o(r, MARGIN + 40, 12, 36);
        snprintf(title, sizeof title, "tictactoe %ux%u k=%u - Draw", (unsigned)app->rows,
                 (unsigned)app->cols, (unsigned)app->k);
    } else if (result != TTT_PENDING) {
        fill_rect(r, WIN, MARGIN, 12, 36, 36);
        draw_stone(r, (uint32_t)result, MARGIN, 12, 36);
        snprintf(title, sizeof title, "tictactoe %ux%u k=%u - %s wins", (unsigned)app->rows,
                 (unsigned)app->cols, (unsigned)app->k, names[result]);
    } else {
        uint32_t mover = to_move(app);
        fill_rect(r, CELL, MARGIN, 12, 36, 36);
        draw_stone(r, mover, MARGIN, 12, 36);
        snprintf(title, sizeof title, "tictactoe %ux%u k=%u - %s (%s) - AI: %s",
                 (unsigned)app->rows, (unsigned)app->cols, (unsigned)app->k,
                 app->human == 0 ? "AI plays both" : mover == app->human ? "your move" : "AI",
                 names[mover], LEVEL_NAMES[app->level]);
    }
    for (i = 0; i < LEVEL_COUNT; i++) {
        int x = w - MARGIN - (LEVEL_COUNT - i) * 16;
        fill_rect(r, i <= app->level ? DIM : BACKGROUND, x, 24, 12, 12);
        outline(r, DIM, x - 3, 21, 18);
    }
    SDL_SetWindowTitle(app->window, title);
}

/* The cells of the winning line (none while nobody has won), into app->cells. */
static size_t winning_line(App *app) {
    size_t count;
    must(ttt_game_winning_line(app->game, app->cells, (size_t)app->rows * app->cols, &count),
         "ttt_game_winning_line");
    return count;
}

static void draw(App *app) {
    SDL_Renderer *r = app->renderer;
    Layout l = layout(app);
    uint32_t row, col, hover_row = UINT32_MAX, hover_col = UINT32_MAX, last = UINT32_MAX;
    const uint32_t *line = app->cells;
    size_t line_count, moves;
    int mx, my;

    must(ttt_game_moves(app->game, app->cells, (size_t)app->rows * app->cols, &moves),
         "ttt_game_moves");
    if (moves > 0) {
        last = app->cells[moves - 1];
    }
    line_count = winning_line(app);
    if (!app->selftest && app->human != 0 && result_of(app) == TTT_PENDING) {
        SDL_GetMouseState(&mx, &my);
        if (!cell_at(app, &l, mx, my, &hover_row, &hover_col)) {
            hover_row = hover_col = UINT32_MAX;
        }
    }

    set_color(r, BACKGROUND);
    SDL_RenderClear(r);
    draw_bar(app);
    for (row = 0; row < app->rows; row++) {
        for (col = 0; col < app->cols; col++) {
            int x = l.x + (int)col * l.size, y = l.y + (int)row * l.size;
            uint32_t stone = cell_at_index(app, row, col);
            fill_rect(r, on_line(app, line, line_count, row, col) ? WIN : CELL, x + 1, y + 1,
                      l.size - 2, l.size - 2);
            draw_stone(r, stone, (float)x, (float)y, (float)l.size);
            if (last == row * app->cols + col) {
                outline(r, LAST, x, y, l.size);
            } else if (row == hover_row && col == hover_col && stone == 0) {
                outline(r, HOVER, x, y, l.size);
            }
        }
    }
}

/* ---------------------------------------------------------------------------------------- */
/* The self-test. */

static int same(const SDL_PixelFormat *format, Uint32 pixel, Rgb c) {
    Uint8 r, g, b;
    SDL_GetRGB(pixel, format, &r, &g, &b);
    return r == c.r && g == c.g && b == c.b;
}

/*
 * Checks every cell of the image (loaded back from the saved BMP) against the game: the ground
 * colour (winning line or not), and X's, O's or neither colour in it. Returns 0 when all
 * matched, else prints the first mismatch on stderr and returns 1.
 */
static int check_image(App *app, SDL_Surface *image) {
    Layout l = layout(app);
    const uint32_t *line = app->cells;
    uint32_t row, col;
    size_t line_count = winning_line(app);
    int w, h, area = (l.size - 4) * (l.size - 4);
    const Uint32 *pixels = image->pixels;
    int pitch = image->pitch / 4;

    SDL_GetRendererOutputSize(app->renderer, &w, &h);
    if (image->w != w || image->h != h) {
        fprintf(stderr, "selftest: FAIL: the screenshot is %dx%d, the window %dx%d\n", image->w,
                image->h, w, h);
        return 1;
    }
    for (row = 0; row < app->rows; row++) {
        for (col = 0; col < app->cols; col++) {
            int x0 = l.x + (int)col * l.size, y0 = l.y + (int)row * l.size, x, y;
            int xs = 0, os = 0, cells = 0, wins = 0, ground, other, stone_ok;
            uint32_t stone = cell_at_index(app, row, col);
            int winning = on_line(app, line, line_count, row, col);
            for (y = y0 + 2; y <= y0 + l.size - 3; y++) {
                for (x = x0 + 2; x <= x0 + l.size - 3; x++) {
                    Uint32 p = pixels[y * pitch + x];
                    xs += same(image->format, p, X_COLOR);
                    os += same(image->format, p, O_COLOR);
                    cells += same(image->format, p, CELL);
                    wins += same(image->format, p, WIN);
                }
            }
            ground = winning ? wins : cells;
            other = winning ? cells : wins;
            stone_ok = (stone == 1) == (xs * 25 >= area) && (stone == 1 || xs == 0) &&
                       (stone == 2) == (os * 25 >= area) && (stone == 2 || os == 0);
            if (ground * 100 < area * 35 || other > 0 || !stone_ok) {
                fprintf(stderr,
                        "selftest: FAIL: wrong %s at cell (%u, %u), %s%s: %d X, %d O, %d cell, "
                        "%d win pixels of %d\n",
                        stone_ok ? "ground colour" : "stone", (unsigned)row, (unsigned)col,
                        stone == 1 ? "X" : stone == 2 ? "O" : "empty",
                        winning ? " on the winning line" : "", xs, os, cells, wins, area);
                return 1;
            }
        }
    }
    return 0;
}

/* Reads the frame just drawn, saves it as a BMP, loads the file back and checks it. */
static int screenshot(App *app, const char *path) {
    int w, h, failed;
    SDL_Surface *shot, *loaded, *image;
    SDL_GetRendererOutputSize(app->renderer, &w, &h);
    shot = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
    if (shot == NULL) {
        sdl_fail("SDL_CreateRGBSurfaceWithFormat");
    }
    if (SDL_RenderReadPixels(app->renderer, NULL, SDL_PIXELFORMAT_ARGB8888, shot->pixels,
                             shot->pitch) != 0) {
        sdl_fail("SDL_RenderReadPixels");
    }
    if (SDL_SaveBMP(shot, path) != 0) {
        fprintf(stderr, "selftest: FAIL: cannot write %s: %s\n", path, SDL_GetError());
        SDL_FreeSurface(shot);
        return 1;
    }
    SDL_FreeSurface(shot);
    loaded = SDL_LoadBMP(path);
    if (loaded == NULL) {
        fprintf(stderr, "selftest: FAIL: cannot read back %s: %s\n", path, SDL_GetError());
        return 1;
    }
    image = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888, 0);
    SDL_FreeSurface(loaded);
    if (image == NULL) {
        sdl_fail("SDL_ConvertSurfaceFormat");
    }
    failed = check_image(app, image);
    SDL_FreeSurface(image);
    return failed;
}

static void push_click(App *app, int x, int y) {
    SDL_Event e;
    SDL_zero(e);
    e.type = SDL_MOUSEBUTTONDOWN;
    e.button.windowID = SDL_GetWindowID(app->window);
    e.button.button = SDL_BUTTON_LEFT;
    e.button.state = SDL_PRESSED;
    e.button.clicks = 1;
    e.button.x = x;
    e.button.y = y;
    if (SDL_PushEvent(&e) != 1) {
        sdl_fail("SDL_PushEvent");
    }
}

static void push_key(SDL_Keycode sym) {
    SDL_Event e;
    SDL_zero(e);
    e.type = SDL_KEYDOWN;
    e.key.state = SDL_PRESSED;
    e.key.keysym.sym = sym;
    if (SDL_PushEvent(&e) != 1) {
        sdl_fail("SDL_PushEvent");
    }
}

typedef struct {
    const char *out;     /* where the screenshot goes */
    Uint32 start;        /* SDL_GetTicks() at the start */
    int stage;           /* see selftest_step */
    uint32_t row, col;   /* the cell clicked */
    int failed;
} SelfTest;

/*
 * Clicks off the board (nothing happens), then inside the chosen cell near its lower right
 * corner, so that a mapping off by part of a cell, or one that swaps rows and columns, picks
 * another cell. Both go through SDL's event queue, as a real click does.
 */
static void push_clicks(App *app, const SelfTest *t) {
    Layout l = layout(app);
    push_click(app, l.x - 3, l.y + l.size / 2);
    push_click(app, l.x + (int)t->col * l.size + l.size * 85 / 100,
               l.y + (int)t->row * l.size + l.size * 80 / 100);
}

static int fail(SelfTest *t, const char *what, const App *app) {
    fprintf(stderr, "selftest: FAIL: %s (cell (%u, %u) clicked, %u moves)\n", what,
            (unsigned)t->row, (unsigned)t->col, (unsigned)move_count(app));
    t->failed = 1;
    return 1;
}

/*
 * One step of the self-test per frame; returns 1 when it is over (t->failed says how). The
 * clicks (the cell gets X, and the AI answers), the undo key (back to the empty board), the
 * clicks again, the AI playing both sides to the end, then the screenshot.
 */
static int selftest_step(App *app, SelfTest *t) {
    size_t moves = move_count(app);
    if (SDL_GetTicks() - t->start > 50000) {
        return fail(t, "no result after 50 seconds", app);
    }
    switch (t->stage) {
    case 0:
        t->row = app->rows * 2 / 3;
        t->col = app->cols / 3;
        push_clicks(app, t);
        t->stage = 1;
        return 0;
    case 1: /* the clicks are in; the AI answers after this step */
    case 4:
        if (moves != 1 || cell_at_index(app, t->row, t->col) != 1) {
            return fail(t, "the click did not place X on the cell clicked", app);
        }
        if (t->stage == 4) {
            app->human = 0; /* the AI plays both sides from here */
        }
        t->stage++;
        return 0;
    case 2:
        if (moves < 2) {
            return 0; /* Best may think for two frames */
        }
        if (moves != 2) {
            return fail(t, "the AI answered twice", app);
        }
        push_key(SDLK_u);
        t->stage = 3;
        return 0;
    case 3:
        if (moves != 0) {
            return fail(t, "the undo key did not go back to the empty board", app);
        }
        push_clicks(app, t);
        t->stage = 4;
        return 0;
    default:
        if (result_of(app) == TTT_PENDING) {
            return 0;
        }
        draw(app);
        t->failed = screenshot(app, t->out);
        if (!t->failed) {
            printf("selftest: %u moves, result %s; %u cells match %s\n", (unsigned)moves,
                   ttt_result_str(result_of(app)), (unsigned)(app->rows * app->cols), t->out);
        }
        return 1;
    }
}

/* ---------------------------------------------------------------------------------------- */

/* --transcript: the game that just ended, one line per move ("PLY ROW COL"), then its text and
 * result, as tests/one_game.sh reads it. Returns 0 on success. */
static int write_transcript(App *app, const char *path) {
    size_t count, len, i;
    char *text;
    FILE *f;
    TttResult result = result_of(app);
    must(ttt_game_moves(app->game, app->cells, (size_t)app->rows * app->cols, &count),
         "ttt_game_moves");
    if (ttt_game_to_text(app->game, NULL, 0, &len) != TTT_BUFFER_TOO_SMALL) {
        fprintf(stderr, "tictactoe-sdl2: ttt_game_to_text did not report the length\n");
        return 1;
    }
    text = malloc(len + 1);
    if (text == NULL) {
        fprintf(stderr, "tictactoe-sdl2: out of memory\n");
        return 1;
    }
    must(ttt_game_to_text(app->game, text, len + 1, &len), "ttt_game_to_text");
    f = fopen(path, "w");
    if (f == NULL) {
        fprintf(stderr, "tictactoe-sdl2: cannot write %s\n", path);
        free(text);
        return 1;
    }
    fprintf(f, "game %u %u %u level %d\n", (unsigned)app->rows, (unsigned)app->cols,
            (unsigned)app->k, app->level);
    for (i = 0; i < count; i++) {
        fprintf(f, "%u %u %u\n", (unsigned)i, (unsigned)(app->cells[i] / app->cols),
                (unsigned)(app->cells[i] % app->cols));
    }
    fprintf(f, "text %s\nresult %s\n", text, ttt_result_str(result));
    free(text);
    return fclose(f) != 0;
}

static void usage(const char *text) {
    fprintf(stderr,
            "tictactoe-sdl2: %s\nusage: tictactoe-sdl2 [--selftest OUT.bmp [--size ROWS COLS "
            "K] | --transcript OUT.txt]\n",
            text);
    exit(2);
}

static uint32_t size_arg(const char *text) {
    char *end;
    long n = strtol(text, &end, 10);
    if (*text == '\0' || *end != '\0' || n < 1 || n > 100) {
        usage("--size takes three whole numbers from 1 to 100");
    }
    return (uint32_t)n;
}

int main(int argc, char *argv[]) {
    App app;
    const char *out = NULL, *transcript = NULL;
    uint32_t size[3] = {3, 3, 3};
    int i, running = 1, have_size = 0;
    SelfTest test;

    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--selftest") == 0 && i + 1 < argc) {
            out = argv[++i];
        } else if (strcmp(argv[i], "--transcript") == 0 && i + 1 < argc) {
            transcript = argv[++i];
        } else if (strcmp(argv[i], "--size") == 0 && i + 3 < argc) {
            size[0] = size_arg(argv[i + 1]);
            size[1] = size_arg(argv[i + 2]);
            size[2] = size_arg(argv[i + 3]);
            have_size = 1;
            i += 3;
        } else {
            usage("unknown argument");
        }
    }
    if (have_size && out == NULL) {
        usage("--size goes with --selftest");
    }
    if (out != NULL && transcript != NULL) {
        usage("--selftest and --transcript are separate runs");
    }
    if (transcript != NULL) {
        /* The AI plays both sides at level Hard. The first game's seeds are 1000 + the move's
         * number (ai_step's games * 1000 + moves), the rule tests/one_game.sh's runners follow. */
        size[0] = 15;
        size[1] = 15;
        size[2] = 5;
    }
    if (size[2] > (size[0] > size[1] ? size[0] : size[1])) {
        usage("k must be at most max(ROWS, COLS)");
    }

    SDL_zero(app);
    app.level = out ? BEST : TTT_LEVEL_HARD;
    app.human = transcript ? 0 : 1;
    app.selftest = out != NULL || transcript != NULL;
    if (SDL_Init(SDL_INIT_VIDEO) != 0) {
        sdl_fail("SDL_Init");
    }
    app.window = SDL_CreateWindow("tictactoe", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
                                  440, 520, out ? 0 : SDL_WINDOW_RESIZABLE);
    if (app.window == NULL) {
        sdl_fail("SDL_CreateWindow");
    }
    app.renderer = SDL_CreateRenderer(app.window, -1, SDL_RENDERER_SOFTWARE);
    if (app.renderer == NULL) {
        sdl_fail("SDL_CreateRenderer");
    }
    SDL_SetRenderDrawBlendMode(app.renderer, SDL_BLENDMODE_NONE);
    new_game(&app, size[0], size[1], size[2]);
    fit_window(&app);
    if (out) {
        printf("selftest: library %s, %ux%u k=%u\n", ttt_version(), (unsigned)size[0],
               (unsigned)size[1], (unsigned)size[2]);
    }

    SDL_zero(test);
    test.out = out;
    test.start = SDL_GetTicks();
    while (running) {
        Uint32 frame = SDL_GetTicks();
        SDL_Event e;
        while (SDL_PollEvent(&e)) {
            if (e.type == SDL_QUIT) {
                running = 0;
            } else if (e.type == SDL_MOUSEBUTTONDOWN && e.button.button == SDL_BUTTON_LEFT) {
                click(&app, e.button.x, e.button.y);
            } else if (e.type == SDL_KEYDOWN) {
                if (e.key.keysym.sym == SDLK_ESCAPE) {
                    running = 0;
                } else {
                    key(&app, e.key.keysym.sym);
                }
            }
        }
        if (out && selftest_step(&app, &test)) {
            break;
        }
        if (!running) {
            break;
        }
        update_ai(&app);
        draw(&app);
        SDL_RenderPresent(app.renderer);
        if (transcript && result_of(&app) != TTT_PENDING) {
            test.failed = write_transcript(&app, transcript);
            break;
        }
        if (!out && SDL_GetTicks() - frame < FRAME_MS) {
            SDL_Delay(FRAME_MS - (SDL_GetTicks() - frame));
        }
    }

    ttt_game_free(app.game);
    free(app.cells);
    SDL_DestroyRenderer(app.renderer);
    SDL_DestroyWindow(app.window);
    SDL_Quit();
    return test.failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
