/* The full-rules search kernel (solver/rules_kernel.py, `RulesKernel`) in C, built into the
 * same extension as kernel.c (which includes this file): it reuses the core kernel's tables,
 * its payments (`payments_for`, the weapon uses kept by ready weapons and defense), its
 * matching test and its canonical hand, and adds the rest of the rules.
 *
 * The Python kernel is the reference, function for function: a position (`Spot`) keeps every
 * zone whole (the columns as the Python kernel's `layout`, the deck, the arsenal and the
 * discard pile as bytes, the attachments, the Traps & Treasures), the random stream and the
 * pending abilities; a move is played on a working copy (`Run`) by the same interpreter
 * (resolve, advance, keep_frame, finish, begin) and the same steps. Pending abilities are
 * kept in a position as the bytes that the Python key writes for them, so a key is a copy; the
 * working copy holds them as records. Keys are the Python kernel's byte for byte, so they
 * merge the same positions.
 *
 * Moves are the Python kernel's, but for a payment: its moves are indexes into the payments
 * the position keeps (a payment's code runs past 64 bits); `payment_parts` gives them to the
 * Python side. Nothing here calls back into Python but what kernel.c does (the hand choices of
 * a suit whose hand cards are of several classes, which the built-in cards never ask). The
 * moves come in the engine's order or the solver's guided one, as the tables say; `Search`, at
 * the end, is the depth-first loop with its table, which the solver resumes turn by turn. */

#define R_MAX_STACK 24
#define R_MAX_WAIT 48
#define R_MAX_PICKS 16
#define R_MAX_QUEUE 64
#define R_MAX_PROGRAMS 256
#define R_MAX_STEPS 16
#define R_MAX_ABIL 8
#define R_MAX_STATICS 4
#define R_MAX_ORDER 16
#define R_MAX_ORDERS 720  /* orders of classes of one payment kept apart: all of 6 cards */
#define R_MAX_OPTIONS (MAX_CARDS + 1)
#define R_MAX_ATTACHED 32  /* attachments a position keeps (4 bytes each: a key's byte counts) */
#define R_MAX_TT 16       /* Traps & Treasures a game holds */
#define R_MAX_WILD_CHOICES 16  /* a wild weapon's suit combinations: 4, or 14 for two suits */
#define R_EVENTS 9
#define R_LAYOUT (MAX_COLUMNS + MAX_MONSTERS)
#define R_KEY_BYTES 65536
#define R_MAX_RESOLVE 100000

/* The engine's own programs the kernel runs, and a batch's. */
#define BATCH (-1)
#define DEAL_ACTION 1
#define ATTACK_ACTION 2
#define TREASURE_ACTION 3
#define TREASURE_MOVE 256  /* a quiet move that uses a Treasure: this plus its id */

/* Steps (`rules_kernel`'s op codes). */
enum {
    S_DRAW, S_MAY, S_ATTACK_BEGIN, S_ATTACK_PAY, S_ATTACK_DEFEAT, S_DEAL_ONE, S_KING_FLIP,
    S_EXHAUST_PICK, S_EXHAUST_EACH, S_EXHAUST_ADJACENT, S_EXHAUST_FRONTS, S_READY_PICK,
    S_READY_EACH, S_READY_IT, S_DISCARD_DECK, S_DRAW_ARSENAL_FRONT, S_DISCARD_ARSENAL_FRONT,
    S_DISCARD_ARSENAL_ANY, S_DRAW_IT, S_DISCARD_IT, S_DISCARD_HAND, S_DRAW_DISCARD_TOP,
    S_DRAW_DISCARD_ANY, S_SWAP_ARSENAL, S_REVERSE_THIS, S_REVERSE_ANY, S_SWAP_FRONTS_ADJACENT,
    S_SWAP_FRONTS_ENDS, S_SWAP_FRONT_BACK, S_SHUFFLE_THIS, S_SHUFFLE_ANY, S_REDEAL,
    S_SHUFFLE_INTO_DECK, S_ATTACK_ANY, S_ATTACK_ADJACENT, S_DEFEAT_THIS, S_DEFEAT_ANY,
    S_DEFEAT_THIS_KING, S_DEFEAT_ANY_KING, S_EXHAUST_WIZARD, S_READY_WIZARD,
    S_ATTACH_ARSENAL_FRONT, S_REVEAL_BACK, S_SHUFFLE_THIS_IN, S_REVEAL_OF_TYPE, S_TRIGGER_LOOT,
    S_CALL_TREASURE, S_REMOVE_TREASURE, S_ONE_OF, S_JUMP, S_FOR_EACH, S_REPEAT,
    S_ATTACH_FIRST_DEALT,
};

/* A step's result: the next step, the player must choose, the frame is gone; else a step. */
#define R_NEXT (-1)
#define R_ASK (-2)
#define R_FRAME_DONE (-3)
#define R_ERROR (-4)

/* Decisions (`Spot.decision`). */
enum { QUIET, PAY, ORDER, YES_NO, PICK_MONSTER, PICK_CARD, PICK_COLUMN, PICK_SWAP, PICK_UP_TO,
       CHOOSE_MODE };
#define DONE_MOVE (-1)
#define PENDING_KEY 8

/* Events (`TRIGGERS`). */
enum { E_LOOT, E_TROPHY, E_MONSTER_KING, E_COLLECT, E_REVEAL, E_KING_REVEALED, E_DEALT,
       E_DRAWN, E_ATTACKED };

#define HERO (-1)
#define ALL_CARDS 255
#define BOTTOM_CARDS 1
#define FRONT_CARD 2

typedef struct {
    int16_t ability, source, column, subject;
} Trig;

/* A frame of the stack (`Pend`), or a batch (program BATCH, its abilities in `wait`). */
typedef struct {
    int16_t program, pc, source, column, subject;
    uint8_t nested, npicks, nwait;
    uint8_t picks[R_MAX_PICKS];
    Trig wait[R_MAX_WAIT];
} Pend;

/* A payment: the core kernel's, and the order its hand cards are discarded in (none: card
 * order). */
typedef struct {
    Payment core;
    uint8_t norder;
    uint8_t order[R_MAX_ORDER];
} RPay;

/* What the statements in effect say (`Statements`): the columns that can't be attacked (bits
 * 0-2: leftmost, middle, rightmost), whether weapons can't be used, the kinds of triggered
 * ability ignored (by event), the card values that match any suit and the monsters whose
 * weapons do (masks). */
typedef struct {
    uint8_t blocked, no_weapons;
    uint16_t ignored;
    uint64_t wild, wild_weapons;
} Stm;

/* The Traps & Treasures (`Spot.tt`): their ids in the dungeon as Traps, as Treasures, and
 * removed from the game, each in order. */
typedef struct {
    uint8_t n[3];
    uint8_t id[3][R_MAX_TT];
} TT;

enum { TRAPS, TREASURES, REMOVED };

typedef struct {
    PyObject_HEAD
    uint64_t hand, kings, exhausted, collected, dungeon, stream;
    int pending, decision;
    int alen, klen, dlen, natt, nlayout, nstack, nframes, nopts;
    RPay *pays;        /* owned: a payment's offer */
    int16_t *opts;     /* owned: a pick's offer */
    uint8_t *stack;    /* owned: the pending abilities as the key writes them, or NULL */
    uint8_t arsenal[MAX_CARDS], deck[MAX_CARDS], discard[MAX_CARDS];
    uint8_t attached[4 * R_MAX_ATTACHED];  /* `Spot.attached`; natt is its length in bytes */
    uint8_t layout[R_LAYOUT];
    TT tt;
} SpotObject;

/* The working copy a move is played on (`Run`). */
typedef struct {
    uint8_t col[MAX_COLUMNS][MAX_MONSTERS];
    int clen[MAX_COLUMNS];
    uint64_t kings, exhausted, collected, dungeon, hand, stream;
    uint8_t arsenal[MAX_CARDS], deck[MAX_CARDS], discard[MAX_CARDS];
    uint8_t attached[4 * R_MAX_ATTACHED];
    int alen, klen, dlen, natt;
    Pend stack[R_MAX_STACK];
    int nstack;
    Trig queued[R_MAX_QUEUE];
    int nqueued;
    int decision, pending;
    int16_t opts[R_MAX_OPTIONS];
    int nopts;
    RPay *pays;
    int npays, pays_room;
    int subject;
    uint8_t picks[R_MAX_PICKS];
    int npicks;
    int count;         /* the repetitions left of the frame's 'for each' */
    TT tt;
    int overflow;      /* a size of this file's was passed: the move is refused */
} Run;

typedef struct {
    KernelObject core;
    int nprograms;
    int nsteps[R_MAX_PROGRAMS];
    int op[R_MAX_PROGRAMS][R_MAX_STEPS];
    long long arg[R_MAX_PROGRAMS][R_MAX_STEPS];  /* (a mode choice's starts run past 32 bits) */
    int signature[R_MAX_PROGRAMS];
    int trigger_kind[R_MAX_PROGRAMS];  /* the event a card ability fires on, -1 for none */
    int filter_value[R_MAX_PROGRAMS], filter_suit[R_MAX_PROGRAMS];
    int nloot[MAX_MONSTERS][2];
    int16_t loot[MAX_MONSTERS][2][R_MAX_ABIL];
    int nhero[R_EVENTS];
    int16_t hero_id[R_EVENTS][R_MAX_ABIL];
    uint8_t hero_king_only[R_EVENTS][R_MAX_ABIL];
    int nking[R_EVENTS][MAX_MONSTERS];
    int16_t king_id[R_EVENTS][MAX_MONSTERS][R_MAX_ABIL];
    uint8_t king_collected[R_EVENTS][MAX_MONSTERS][R_MAX_ABIL];
    uint8_t king_king_only[R_EVENTS][MAX_MONSTERS][R_MAX_ABIL];
    uint64_t king_events[R_EVENTS];
    uint8_t value[MAX_CARDS];
    uint8_t trophy[MAX_MONSTERS];
    int order_read, order_always;
    uint64_t order_monsters, order_kings;
    Stm hero_stm;
    int nstatic[MAX_MONSTERS];
    Stm king_stm[MAX_MONSTERS][R_MAX_STATICS];
    uint8_t stm_collected[MAX_MONSTERS][R_MAX_STATICS];
    uint64_t static_kings;
    uint64_t looting;  /* the monsters whose front face has a Loot ability */
    int ntypes;
    uint64_t type_mask[MAX_MONSTERS];  /* by monster type, in the core kernel's order */
    int nwild_choice[2 * MAX_MONSTERS];  /* each face's weapon when wild (`weapon_choices`) */
    uint8_t wild_choice_len[2 * MAX_MONSTERS][R_MAX_WILD_CHOICES];
    uint8_t wild_choice[2 * MAX_MONSTERS][R_MAX_WILD_CHOICES][2];
    uint64_t *canon;   /* scratch: each wild payment's hand as classes (`canonical_hand`) */
    int canon_room;
    int shuffles, mask_width, king_flip, ready;
    int guided;        /* moves in the guided order (`RulesKernel(guided=True)`) */
    int with_tt, ntt;  /* whether Traps & Treasures are in play; how many the game has */
    uint64_t tt_type[R_MAX_TT];  /* by Trap & Treasure: the monsters of its type */
    int16_t trap_program[R_MAX_TT], treasure_program[R_MAX_TT];
    uint8_t order_tt[R_MAX_TT];  /* whether either face reads the discard pile's order */
    int first_dealt[4];  /* by suit: the first card of it dealt at set up, or -1 */
    uint8_t monster_type[MAX_MONSTERS];  /* each monster's type number (types by name) */
    Run run;
    uint8_t buffer[R_KEY_BYTES];
} RulesObject;

static PyTypeObject SpotType;

/* ------------------------------------------------------------------ the random stream */

/* `rng.below`: a uniform number below `bound`, without modulo bias (SplitMix64). */
static uint64_t stream_below(uint64_t bound, uint64_t *state)
{
    uint64_t excess = (UINT64_MAX % bound + 1) % bound;  /* 2**64 mod bound */
    for (;;) {
        *state += 0x9E3779B97F4A7C15ULL;
        uint64_t z = *state;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        z ^= z >> 31;
        if (excess == 0 || z < (uint64_t)0 - excess)
            return z % bound;
    }
}

/* `rng.shuffled`, in place: Fisher-Yates from the end. */
static void shuffle(uint8_t *cards, int count, uint64_t *state)
{
    for (int i = count - 1; i > 0; i--) {
        int j = (int)stream_below((uint64_t)i + 1, state);
        uint8_t held = cards[i];
        cards[i] = cards[j];
        cards[j] = held;
    }
}

/* ------------------------------------------------------------------ byte lists */

static int find_byte(const uint8_t *items, int count, int wanted)
{
    for (int i = 0; i < count; i++)
        if (items[i] == wanted)
            return i;
    return -1;
}

static void remove_at(uint8_t *items, int *count, int at)
{
    memmove(items + at, items + at + 1, (size_t)(*count - at - 1));
    (*count)--;
}

static int mask_list(uint64_t mask, uint8_t *out)
{
    int count = 0;
    for (; mask; mask &= mask - 1)
        out[count++] = (uint8_t)lowest_bit(mask);
    return count;
}

/* ------------------------------------------------------------------ positions */

static SpotObject *spot_new(void)
{
    SpotObject *s = PyObject_Malloc(sizeof(SpotObject));
    if (s == NULL)
        return (SpotObject *)PyErr_NoMemory();
    PyObject_Init((PyObject *)s, &SpotType);
    s->pays = NULL;
    s->opts = NULL;
    s->stack = NULL;
    s->nopts = 0;
    s->natt = 0;
    s->nstack = 0;
    s->nframes = 0;
    s->pending = -1;
    s->decision = QUIET;
    memset(&s->tt, 0, sizeof(TT));
    return s;
}

static void spot_dealloc(SpotObject *s)
{
    PyMem_Free(s->pays);
    PyMem_Free(s->opts);
    PyMem_Free(s->stack);
    PyObject_Free(s);
}

/* The stack as the key writes it (`RulesKernel.key`): each frame's program + 1, step,
 * source + 1, column + 1, subject + 1, count of waiting triggers, nested, count of picks,
 * then its picks, then each waiting trigger's ability, source + 1, column + 1, subject + 1.
 * Returns the bytes written, or -1 when a value does not fit a byte (as `bytes` refuses). */
static int stack_write(const Pend *stack, int nstack, uint8_t *out)
{
    uint8_t *at = out;
    int fits = 1;
#define R_BYTE(v) do { int v_ = (v); fits = fits && v_ >= 0 && v_ < 256; *at++ = (uint8_t)v_; } \
    while (0)
    for (int i = 0; i < nstack; i++) {
        const Pend *f = &stack[i];
        R_BYTE(f->program + 1);
        R_BYTE(f->pc);
        R_BYTE(f->source + 1);
        R_BYTE(f->column + 1);
        R_BYTE(f->subject + 1);
        R_BYTE(f->nwait);
        R_BYTE(f->nested);
        R_BYTE(f->npicks);
        memcpy(at, f->picks, f->npicks);
        at += f->npicks;
        for (int w = 0; w < f->nwait; w++) {
            R_BYTE(f->wait[w].ability);
            R_BYTE(f->wait[w].source + 1);
            R_BYTE(f->wait[w].column + 1);
            R_BYTE(f->wait[w].subject + 1);
        }
    }
#undef R_BYTE
    return fits ? (int)(at - out) : -1;
}

/* One frame read back from `stack_write`'s bytes; the bytes after it. */
static const uint8_t *frame_read(const uint8_t *at, Pend *f)
{
    f->program = (int16_t)(at[0] - 1);
    f->pc = at[1];
    f->source = (int16_t)(at[2] - 1);
    f->column = (int16_t)(at[3] - 1);
    f->subject = (int16_t)(at[4] - 1);
    f->nwait = at[5];
    f->nested = at[6];
    f->npicks = at[7];
    at += 8;
    memcpy(f->picks, at, f->npicks);
    at += f->npicks;
    for (int w = 0; w < f->nwait; w++, at += 4) {
        f->wait[w].ability = at[0];
        f->wait[w].source = (int16_t)(at[1] - 1);
        f->wait[w].column = (int16_t)(at[2] - 1);
        f->wait[w].subject = (int16_t)(at[3] - 1);
    }
    return at;
}

static int stack_read(const uint8_t *bytes, int size, Pend *stack)
{
    const uint8_t *at = bytes, *end = bytes + size;
    int count = 0;
    while (at < end)
        at = frame_read(at, &stack[count++]);
    return count;
}

/* The columns of a position's layout: each one's length and where its monsters start. */
static void layout_columns(const RulesObject *k, const uint8_t *layout, int *length,
                           const uint8_t **monsters)
{
    int ncols = k->core.ncols, at = ncols;
    for (int c = 0; c < ncols; c++) {
        length[c] = layout[c];
        monsters[c] = layout + at;
        at += layout[c];
    }
}

static void run_load(RulesObject *k, const SpotObject *s)
{
    Run *r = &k->run;
    int length[MAX_COLUMNS];
    const uint8_t *monsters[MAX_COLUMNS];
    layout_columns(k, s->layout, length, monsters);
    for (int c = 0; c < k->core.ncols; c++) {
        r->clen[c] = length[c];
        memcpy(r->col[c], monsters[c], length[c]);
    }
    r->kings = s->kings;
    r->exhausted = s->exhausted;
    r->collected = s->collected;
    r->dungeon = s->dungeon;
    r->hand = s->hand;
    r->stream = s->stream;
    r->alen = s->alen;
    r->klen = s->klen;
    r->dlen = s->dlen;
    memcpy(r->arsenal, s->arsenal, s->alen);
    memcpy(r->deck, s->deck, s->klen);
    memcpy(r->discard, s->discard, s->dlen);
    r->natt = s->natt;
    memcpy(r->attached, s->attached, s->natt);
    r->nstack = s->stack == NULL ? 0 : stack_read(s->stack, s->nstack, r->stack);
    r->nqueued = 0;
    r->decision = QUIET;
    r->pending = -1;
    r->nopts = 0;
    r->npays = 0;
    r->subject = -1;
    r->npicks = 0;
    r->count = 0;
    r->tt = s->tt;
    r->overflow = 0;
}

static int layout_write(const RulesObject *k, const Run *r, uint8_t *out)
{
    int at = k->core.ncols;
    for (int c = 0; c < k->core.ncols; c++) {
        out[c] = (uint8_t)r->clen[c];
        memcpy(out + at, r->col[c], r->clen[c]);
        at += r->clen[c];
    }
    return at;
}

static int guided_payments(RPay *pays, int count);

static int copy_options(const RulesObject *k, const Run *r, SpotObject *s)
{
    if (r->decision == PAY) {
        s->pays = PyMem_Malloc(sizeof(RPay) * (r->npays ? r->npays : 1));
        if (s->pays == NULL)
            return -1;
        memcpy(s->pays, r->pays, sizeof(RPay) * r->npays);
        s->nopts = r->npays;
        if (k->guided && guided_payments(s->pays, s->nopts) < 0)
            return -1;
    } else if (r->decision >= PICK_MONSTER) {
        s->opts = PyMem_Malloc(sizeof(int16_t) * (r->nopts ? r->nopts : 1));
        if (s->opts == NULL)
            return -1;
        memcpy(s->opts, r->opts, sizeof(int16_t) * r->nopts);
        s->nopts = r->nopts;
    }
    return 0;
}

/* `Run.spot`: the working copy as a position. */
static SpotObject *run_spot(RulesObject *k)
{
    Run *r = &k->run;
    if (r->overflow) {
        PyErr_SetString(PyExc_OverflowError, "a position beyond the C kernel's sizes");
        return NULL;
    }
    SpotObject *s = spot_new();
    if (s == NULL)
        return NULL;
    s->hand = r->hand;
    s->kings = r->kings;
    s->exhausted = r->exhausted;
    s->collected = r->collected;
    s->dungeon = r->dungeon;
    s->stream = r->stream;
    s->pending = r->pending;
    s->decision = r->decision;
    s->alen = r->alen;
    s->klen = r->klen;
    s->dlen = r->dlen;
    memcpy(s->arsenal, r->arsenal, r->alen);
    memcpy(s->deck, r->deck, r->klen);
    memcpy(s->discard, r->discard, r->dlen);
    s->natt = r->natt;
    memcpy(s->attached, r->attached, r->natt);
    s->tt = r->tt;
    s->nlayout = layout_write(k, r, s->layout);
    if (r->nstack) {
        int size = stack_write(r->stack, r->nstack, k->buffer);
        if (size < 0) {
            Py_DECREF(s);
            PyErr_SetString(PyExc_OverflowError, "a pending ability beyond a key's bytes");
            return NULL;
        }
        s->stack = PyMem_Malloc(size);
        if (s->stack == NULL) {
            Py_DECREF(s);
            return (SpotObject *)PyErr_NoMemory();
        }
        memcpy(s->stack, k->buffer, size);
        s->nstack = size;
        s->nframes = r->nstack;
    }
    if (copy_options(k, r, s) < 0) {
        Py_DECREF(s);
        return (SpotObject *)PyErr_NoMemory();
    }
    return s;
}

/* ------------------------------------------------------------------ statements */

static inline void stm_add(Stm *into, const Stm *more)
{
    into->blocked |= more->blocked;
    into->no_weapons |= more->no_weapons;
    into->ignored |= more->ignored;
    into->wild |= more->wild;
    into->wild_weapons |= more->wild_weapons;
}

/* `RulesKernel.statements`: the hero's, and those of the Monster Kings in the dungeon or
 * collected, as each one says. */
static Stm statements(const RulesObject *k, uint64_t kings, uint64_t collected)
{
    Stm found = k->hero_stm;
    for (kings &= k->static_kings; kings; kings &= kings - 1) {
        int monster = lowest_bit(kings);
        int held = (int)(collected >> monster & 1);
        for (int i = 0; i < k->nstatic[monster]; i++)
            if (k->stm_collected[monster][i] == held)
                stm_add(&found, &k->king_stm[monster][i]);
    }
    return found;
}

/* `Statements.blocks`: the leftmost, middle and rightmost among the columns with monsters. */
static int blocks(int blocked, const int *length, int ncols, int column)
{
    int full[MAX_COLUMNS], nfull = 0;
    for (int c = 0; c < ncols; c++)
        if (length[c])
            full[nfull++] = c;
    if (!nfull)
        return 0;
    if ((blocked & 1) && full[0] == column)
        return 1;
    if ((blocked & 4) && full[nfull - 1] == column)
        return 1;
    if (blocked & 2) {
        int half = nfull / 2;
        if (full[half] == column)
            return 1;
        if (nfull % 2 == 0 && full[half - 1] == column)
            return 1;
    }
    return 0;
}

/* Whether the card matches any suit under these statements (`setup` refuses a wild value
 * beyond the mask's bits). */
static inline int is_wild(const RulesObject *k, uint64_t wild, int card)
{
    int value = k->value[card];
    return value < 64 && (wild >> value & 1);
}

static inline int order_live(const RulesObject *k, uint64_t collected, uint64_t kings,
                             const TT *tt)
{
    if (!k->order_read)
        return 0;
    if (k->order_always || (k->order_monsters & ~collected) ||
        (k->order_kings & collected & kings))
        return 1;
    for (int zone = TRAPS; zone <= TREASURES; zone++)
        for (int i = 0; i < tt->n[zone]; i++)
            if (k->order_tt[tt->id[zone][i]])
                return 1;
    return 0;
}

/* ------------------------------------------------------------------ attacks */

/* `RulesKernel.wild_resources`: what the hand and the ready weapons match of each suit (into
 * `cover`) and of any suit (returned: wild cards, a wild weapon's suits). */
static int wild_resources(const RulesObject *k, const Stm *stm, uint64_t hand, uint64_t ready,
                          uint64_t kings, int cover[4])
{
    int spare = 0;
    cover[0] = cover[1] = cover[2] = cover[3] = 0;
    for (; hand; hand &= hand - 1) {
        int card = lowest_bit(hand);
        if (is_wild(k, stm->wild, card))
            spare++;
        else
            cover[k->core.suit[card]]++;
    }
    for (; ready; ready &= ready - 1) {
        int monster = lowest_bit(ready);
        const uint8_t *arms = k->core.arms[face(kings, monster)];
        for (int s = 0; s < 4; s++) {
            if (stm->wild_weapons >> monster & 1)
                spare += arms[s];
            else
                cover[s] += arms[s];
        }
    }
    return spare;
}

/* `RulesKernel.wild_match`: whether `need` can be matched with the arsenal's cards from index
 * `i` down (the front last), taken greedily, branching on the suit a wild card stands for,
 * and the rest with `cover` and `spare`. */
static int wild_match(const RulesObject *k, uint64_t wild, const uint8_t *arsenal, int i,
                      int need[4], const int cover[4], int spare)
{
    for (; i >= 0; i--) {
        int card = arsenal[i];
        if (is_wild(k, wild, card)) {
            int needed = 0;
            for (int s = 0; s < 4; s++) {
                if (!need[s])
                    continue;
                needed = 1;
                int trial[4] = {need[0], need[1], need[2], need[3]};
                trial[s]--;
                if (wild_match(k, wild, arsenal, i - 1, trial, cover, spare))
                    return 1;
            }
            return !needed;
        }
        int suit = k->core.suit[card];
        if (!need[suit])
            break;
        need[suit]--;
    }
    int missing = 0;
    for (int s = 0; s < 4; s++)
        if (need[s] > cover[s])
            missing += need[s] - cover[s];
    return missing <= spare;
}

/* `attackable` where some cards or weapons match any suit (`can_pay_wild`). */
static int wild_attackable(const RulesObject *k, const Stm *stm, uint64_t hand, uint64_t ready,
                           uint64_t kings, const uint8_t *arsenal, int alen, const int *length,
                           const uint8_t *const *monsters, const int *among, int count,
                           int *out)
{
    int cover[4];
    int spare = wild_resources(k, stm, hand, ready, kings, cover);
    int found = 0;
    for (int i = 0; i < count; i++) {
        int column = among[i];
        if (!length[column] || (stm->blocked && blocks(stm->blocked, length, k->core.ncols,
                                                       column)))
            continue;
        const uint8_t *defense = k->core.defense[face(kings,
                                                      monsters[column][length[column] - 1])];
        int need[4] = {defense[0], defense[1], defense[2], defense[3]};
        if (wild_match(k, stm->wild, arsenal, alen - 1, need, cover, spare))
            out[found++] = column;
    }
    return found;
}

/* `RulesKernel.attackable`: of the columns `among`, those whose front monster may be
 * attacked. */
static int attackable(const RulesObject *k, uint64_t hand, uint64_t kings, uint64_t collected,
                      uint64_t exhausted, const uint8_t *arsenal, int alen, const int *length,
                      const uint8_t *const *monsters, const int *among, int count, int *out)
{
    Stm stm = statements(k, kings, collected);
    uint64_t ready = stm.no_weapons ? 0 : collected & ~exhausted;
    if (stm.wild || stm.wild_weapons)
        return wild_attackable(k, &stm, hand, ready, kings, arsenal, alen, length, monsters,
                               among, count, out);
    int c[4];
    matched(&k->core, hand, ready, kings, c);
    int found = 0;
    for (int i = 0; i < count; i++) {
        int column = among[i];
        if (length[column] &&
            can_pay(&k->core, monsters[column][length[column] - 1], arsenal, alen, kings, c) &&
            !(stm.blocked && blocks(stm.blocked, length, k->core.ncols, column)))
            out[found++] = column;
    }
    return found;
}

static int run_attackable(const RulesObject *k, const int *among, int count, int *out)
{
    const Run *r = &k->run;
    const uint8_t *monsters[MAX_COLUMNS];
    for (int c = 0; c < k->core.ncols; c++)
        monsters[c] = r->col[c];
    return attackable(k, r->hand, r->kings, r->collected, r->exhausted, r->arsenal, r->alen,
                      r->clen, monsters, among, count, out);
}

static int pays_room(Run *r, int count)
{
    if (count <= r->pays_room)
        return 0;
    int room = r->pays_room ? r->pays_room : 64;
    while (room < count)
        room *= 2;
    RPay *grown = PyMem_Realloc(r->pays, sizeof(RPay) * room);
    if (grown == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    r->pays = grown;
    r->pays_room = room;
    return 0;
}

/* The next order of `index` (lexicographic, as itertools.permutations lists them); 0 after the
 * last. */
static int next_order(int *index, int count)
{
    int i = count - 2;
    while (i >= 0 && index[i] >= index[i + 1])
        i--;
    if (i < 0)
        return 0;
    int j = count - 1;
    while (index[j] <= index[i])
        j--;
    int held = index[i];
    index[i] = index[j];
    index[j] = held;
    for (int a = i + 1, b = count - 1; a < b; a++, b--) {
        held = index[a];
        index[a] = index[b];
        index[b] = held;
    }
    return 1;
}

/* `RulesKernel.in_every_order` of one payment, appended to the run's payments: the payment,
 * then its hand cards in every other order of classes. Whether its hand holds two cards (the
 * orders then make a choice). */
static int every_order(RulesObject *k, const Payment *payment)
{
    Run *r = &k->run;
    uint8_t cards[MAX_CARDS];
    int count = mask_list(payment->chosen, cards);
    if (pays_room(r, r->npays + 1) < 0)
        return -1;
    RPay *plain = &r->pays[r->npays++];
    plain->core = *payment;
    plain->norder = 0;
    if (count < 2)
        return 0;
    if (count > R_MAX_ORDER) {
        r->overflow = 1;
        return 1;
    }
    uint8_t seen[R_MAX_ORDERS][R_MAX_ORDER];
    int nseen = 0, index[R_MAX_ORDER];
    for (int i = 0; i < count; i++) {
        index[i] = i;
        seen[0][i] = k->core.cls[cards[i]];
    }
    nseen = 1;
    while (next_order(index, count)) {
        uint8_t kinds[R_MAX_ORDER];
        for (int i = 0; i < count; i++)
            kinds[i] = k->core.cls[cards[index[i]]];
        int known = 0;
        for (int s = 0; s < nseen && !known; s++)
            known = memcmp(seen[s], kinds, count) == 0;
        if (known)
            continue;
        if (nseen == R_MAX_ORDERS) {
            r->overflow = 1;
            return 1;
        }
        memcpy(seen[nseen++], kinds, count);
        if (pays_room(r, r->npays + 1) < 0)
            return -1;
        RPay *ordered = &r->pays[r->npays++];
        ordered->core = *payment;
        ordered->norder = (uint8_t)count;
        for (int i = 0; i < count; i++)
            ordered->order[i] = cards[index[i]];
    }
    return 1;
}

/* An attack's payments where some cards or weapons match any suit, listed as the engine lists
 * them in card order (`WildListing`): at each arsenal card taken from the front, first the
 * payments that take no more of the arsenal (each weapon use, then the hand's ways to match
 * the rest), then those that take this card, for each suit it may match. One per child key
 * (the arsenal cards taken, the hand's classes, the weapons used) goes into the core kernel's
 * scratch; every one is counted. */
typedef struct {
    RulesObject *k;
    uint64_t wild, hand;
    int nfront, nweapons;
    uint8_t front[MAX_CARDS];       /* the arsenal within reach, front first */
    int weapon_monster[MAX_MONSTERS], weapon_face[MAX_MONSTERS], weapon_wild[MAX_MONSTERS];
    int need[4], taken;             /* where the walk over the arsenal is */
    Py_ssize_t count;
    long total;
    int error;
} Listing;

static void listing_add(Listing *l, uint64_t chosen, uint64_t used)
{
    RulesObject *k = l->k;
    l->total++;
    uint64_t canon = canonical_hand(&k->core, chosen);
    for (Py_ssize_t i = 0; i < l->count; i++) {
        const Payment *p = &k->core.scratch[i];
        if (p->taken == l->taken && p->weapons == used && k->canon[i] == canon)
            return;
    }
    if (l->count == k->canon_room) {
        int room = k->canon_room ? 2 * k->canon_room : 64;
        uint64_t *grown = PyMem_Realloc(k->canon, sizeof(uint64_t) * room);
        if (grown == NULL) {
            PyErr_NoMemory();
            l->error = 1;
            return;
        }
        k->canon = grown;
        k->canon_room = room;
    }
    k->canon[l->count] = canon;
    if (scratch_push(&k->core, &l->count, (uint8_t)l->taken, chosen, used) < 0)
        l->error = 1;
}

static void hand_covers(Listing *l, const int rest[4], int suit, uint64_t available,
                        uint64_t chosen, uint64_t used);

/* The combinations of `left` more of the candidates from `start` on, in itertools' order;
 * each one then covers the next suits with the cards still available. */
static void pick_cards(Listing *l, const int rest[4], int suit, const uint8_t *candidates,
                       int ncandidates, int start, int left, uint64_t picked,
                       uint64_t available, uint64_t chosen, uint64_t used)
{
    if (!left) {
        hand_covers(l, rest, suit + 1, available & ~picked, chosen | picked, used);
        return;
    }
    for (int i = start; i <= ncandidates - left && !l->error; i++)
        pick_cards(l, rest, suit, candidates, ncandidates, i + 1, left - 1,
                   picked | 1ULL << candidates[i], available, chosen, used);
}

/* `WildListing.hand_covers`: the hand cards that match `rest` exactly from `suit` on, each
 * suit in turn taking any of its own cards or wild ones still available. */
static void hand_covers(Listing *l, const int rest[4], int suit, uint64_t available,
                        uint64_t chosen, uint64_t used)
{
    if (l->error)
        return;
    if (suit == 4) {
        listing_add(l, chosen, used);
        return;
    }
    if (!rest[suit]) {
        hand_covers(l, rest, suit + 1, available, chosen, used);
        return;
    }
    uint8_t candidates[MAX_CARDS];
    int ncandidates = 0;
    for (uint64_t cards = available; cards; cards &= cards - 1) {
        int card = lowest_bit(cards);
        if (l->k->core.suit[card] == suit || is_wild(l->k, l->wild, card))
            candidates[ncandidates++] = (uint8_t)card;
    }
    pick_cards(l, rest, suit, candidates, ncandidates, 0, rest[suit], 0, available, chosen,
               used);
}

/* The engine's `_walk_weapons` for the listing's need: weapon i unused first, then each suit
 * combination it may match (a wild weapon's: `weapon_choices(..., True)`) that the need still
 * takes; at the end of each way, the hand's covers of what is left. */
static void walk_wild_weapons(Listing *l, int i, const int used[4], uint64_t weapons)
{
    if (l->error)
        return;
    const RulesObject *k = l->k;
    if (i == l->nweapons) {
        int rest[4];
        for (int s = 0; s < 4; s++)
            rest[s] = l->need[s] - used[s];
        hand_covers(l, rest, 0, l->hand, 0, weapons);
        return;
    }
    walk_wild_weapons(l, i + 1, used, weapons);
    int f = l->weapon_face[i], wild = l->weapon_wild[i];
    int combos = wild ? k->nwild_choice[f] : k->core.nchoice[f];
    for (int c = 0; c < combos && !l->error; c++) {
        int length = wild ? k->wild_choice_len[f][c] : k->core.choice_len[f][c];
        int trial[4] = {used[0], used[1], used[2], used[3]};
        int ok = 1;
        for (int j = 0; ok && j < length; j++) {
            int suit = wild ? k->wild_choice[f][c][j] : k->core.choice[f][c][j];
            ok = ++trial[suit] <= l->need[suit];
        }
        if (ok)
            walk_wild_weapons(l, i + 1, trial, weapons | 1ULL << l->weapon_monster[i]);
    }
}

/* `WildListing.from_arsenal`. */
static void wild_from_arsenal(Listing *l, int taken, int need[4])
{
    static const int none[4] = {0, 0, 0, 0};
    memcpy(l->need, need, sizeof(l->need));
    l->taken = taken;
    walk_wild_weapons(l, 0, none, 0);
    if (taken == l->nfront || l->error)
        return;
    int card = l->front[taken], suit = l->k->core.suit[card];
    int wild = is_wild(l->k, l->wild, card);
    for (int s = 0; s < 4 && !l->error; s++) {
        if (need[s] && (wild || s == suit)) {
            need[s]--;
            wild_from_arsenal(l, taken + 1, need);
            need[s]++;
        }
    }
}

/* `RulesKernel.wild_payments`: the payments into the core kernel's scratch (their count, or -1
 * on an error) and how many the engine lists, up to 2, into *total. */
static Py_ssize_t wild_payments(RulesObject *k, int target, const Stm *stm, uint64_t ready,
                                long *total)
{
    const Run *r = &k->run;
    const uint8_t *defense = k->core.defense[face(r->kings, target)];
    int need[4] = {defense[0], defense[1], defense[2], defense[3]};
    Listing l = {.k = k, .wild = stm->wild, .hand = r->hand};
    int reach = need[0] + need[1] + need[2] + need[3];
    l.nfront = reach < r->alen ? reach : r->alen;
    for (int i = 0; i < l.nfront; i++)
        l.front[i] = r->arsenal[r->alen - 1 - i];
    for (; ready; ready &= ready - 1) {
        int monster = lowest_bit(ready);
        l.weapon_monster[l.nweapons] = monster;
        l.weapon_face[l.nweapons] = face(r->kings, monster);
        l.weapon_wild[l.nweapons++] = (int)(stm->wild_weapons >> monster & 1);
    }
    wild_from_arsenal(&l, 0, need);
    if (l.error)
        return -1;
    *total = l.total < 2 ? l.total : 2;
    return l.count;
}

/* The payments for `target` into the run's payments (`payments_for`, then every order while
 * the discard pile's order is live); how many the engine lists, up to 2, or -1 on an error. */
static long attack_payments(RulesObject *k, int target)
{
    Run *r = &k->run;
    Stm stm = statements(k, r->kings, r->collected);
    uint64_t ready = stm.no_weapons ? 0 : r->collected & ~r->exhausted;
    long total;
    Py_ssize_t count = stm.wild || stm.wild_weapons
        ? wild_payments(k, target, &stm, ready, &total)
        : payments_for(&k->core, target, r->arsenal, r->alen, r->hand, r->kings, ready,
                       &total);
    if (count < 0)
        return -1;
    r->npays = 0;
    if (!order_live(k, r->collected, r->kings, &r->tt)) {
        if (pays_room(r, (int)count) < 0)
            return -1;
        for (Py_ssize_t i = 0; i < count; i++) {
            r->pays[i].core = k->core.scratch[i];
            r->pays[i].norder = 0;
        }
        r->npays = (int)count;
        return total;
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        int several = every_order(k, &k->core.scratch[i]);
        if (several < 0)
            return -1;
        if (several)
            total = 2;
    }
    return total;
}

/* ------------------------------------------------------------------ triggers */

static inline void add_trigger(Run *r, int ability, int source, int column, int subject)
{
    if (r->nqueued == R_MAX_QUEUE) {
        r->overflow = 1;
        return;
    }
    Trig *t = &r->queued[r->nqueued++];
    t->ability = (int16_t)ability;
    t->source = (int16_t)source;
    t->column = (int16_t)column;
    t->subject = (int16_t)subject;
}

static inline int fits(const RulesObject *k, int ability, int card)
{
    return (k->filter_value[ability] < 0 || k->value[card] == k->filter_value[ability]) &&
        (k->filter_suit[ability] < 0 || k->core.suit[card] == k->filter_suit[ability]);
}

/* `RulesKernel.fires`: whether an ability on this event is in effect. */
static int fires(const RulesObject *k, int event, uint64_t kings, uint64_t collected)
{
    if (k->nhero[event])
        return 1;
    for (kings &= k->king_events[event]; kings; kings &= kings - 1) {
        int monster = lowest_bit(kings);
        int held = (int)(collected >> monster & 1);
        for (int i = 0; i < k->nking[event][monster]; i++)
            if (k->king_collected[event][monster][i] == held)
                return 1;
    }
    return 0;
}

static int put_trig(Trig *out, int count, int ability, int source, int subject)
{
    if (count == R_MAX_WAIT)
        return count;
    out[count].ability = (int16_t)ability;
    out[count].source = (int16_t)source;
    out[count].column = -1;
    out[count].subject = (int16_t)subject;
    return count + 1;
}

/* `RulesKernel.card_triggers`: the abilities in effect on dealing or drawing `card`. */
static int card_triggers(const RulesObject *k, const Run *r, int event, int card, Trig *out)
{
    int count = 0;
    for (int i = 0; i < k->nhero[event]; i++)
        if (fits(k, k->hero_id[event][i], card))
            count = put_trig(out, count, k->hero_id[event][i], HERO, card);
    for (uint64_t kings = r->kings & k->king_events[event]; kings; kings &= kings - 1) {
        int monster = lowest_bit(kings);
        int held = (int)(r->collected >> monster & 1);
        for (int i = 0; i < k->nking[event][monster]; i++)
            if (k->king_collected[event][monster][i] == held &&
                fits(k, k->king_id[event][monster][i], card))
                count = put_trig(out, count, k->king_id[event][monster][i], monster, card);
    }
    return count;
}

/* `RulesKernel.collected_triggers`: the abilities in effect on this event about `subject`,
 * the hero's first, then each Monster King's by id. */
static int collected_triggers(const RulesObject *k, const Run *r, int event, int subject,
                              Trig *out)
{
    if (event == E_DEALT || event == E_DRAWN)
        return card_triggers(k, r, event, subject, out);
    int count = 0;
    int king_subject = subject >= 0 && (int)(r->kings >> subject & 1);
    for (int i = 0; i < k->nhero[event]; i++)
        if (!k->hero_king_only[event][i] || king_subject)
            count = put_trig(out, count, k->hero_id[event][i], HERO, subject);
    for (uint64_t kings = r->kings; kings; kings &= kings - 1) {
        int monster = lowest_bit(kings);
        int held = (int)(r->collected >> monster & 1);
        for (int i = 0; i < k->nking[event][monster]; i++)
            if (k->king_collected[event][monster][i] == held &&
                (!k->king_king_only[event][monster][i] || king_subject))
                count = put_trig(out, count, k->king_id[event][monster][i], monster, subject);
    }
    return count;
}

/* `RulesKernel.fire`: queue the abilities this event fires. */
static void fire(RulesObject *k, int event, int subject)
{
    Run *r = &k->run;
    if (!k->nhero[event] && !(r->kings & k->king_events[event]))
        return;
    Trig found[R_MAX_WAIT];
    int count = collected_triggers(k, r, event, subject, found);
    for (int i = 0; i < count; i++)
        add_trigger(r, found[i].ability, found[i].source, found[i].column, found[i].subject);
}

/* ------------------------------------------------------------------ the stack */

static Pend *push_pend(Run *r, int program, int pc, int source, int column, int subject,
                        int nested)
{
    if (r->nstack == R_MAX_STACK) {
        r->overflow = 1;
        return NULL;
    }
    Pend *f = &r->stack[r->nstack++];
    f->program = (int16_t)program;
    f->pc = (int16_t)pc;
    f->source = (int16_t)source;
    f->column = (int16_t)column;
    f->subject = (int16_t)subject;
    f->nested = (uint8_t)nested;
    f->npicks = 0;
    f->nwait = 0;
    return f;
}

static void append_waiting(Run *r, Pend *f, const Trig *more, int count)
{
    if (f->nwait + count > R_MAX_WAIT) {
        r->overflow = 1;
        count = R_MAX_WAIT - f->nwait;
    }
    memcpy(f->wait + f->nwait, more, sizeof(Trig) * count);
    f->nwait = (uint8_t)(f->nwait + count);
}

/* The frame at `slot`, just taken off the top, as a batch of its waiting triggers in its own
 * place (`Board._finish`'s batch: the slot is the new top). */
static void batch_in_place(Run *r, int slot)
{
    Pend *f = &r->stack[slot];
    f->program = BATCH;
    f->pc = 0;
    f->source = f->column = f->subject = -1;
    f->nested = 0;
    f->npicks = 0;
    r->nstack = slot + 1;
}

/* `RulesKernel.finish`: the frame at `slot` (just taken off the top) has run its last step: its
 * waiting triggers wait together, or join its parent's when it was nested. */
static void finish(Run *r, int slot)
{
    Pend *f = &r->stack[slot];
    if (!f->nwait)
        return;
    if (f->nested & 1 && r->nstack && r->stack[r->nstack - 1].program != BATCH)
        append_waiting(r, &r->stack[r->nstack - 1], f->wait, f->nwait);
    else
        batch_in_place(r, slot);
}

/* `RulesKernel.advance`: the frame at `depth` at step `pc`, with the subject and picks its step
 * left and the triggers it queued. */
static void advance(Run *r, int depth, int pc)
{
    Pend *f = &r->stack[depth];
    if (r->nqueued) {
        append_waiting(r, f, r->queued, r->nqueued);
        r->nqueued = 0;
    }
    f->pc = (int16_t)pc;
    f->subject = (int16_t)r->subject;
    f->nested = (uint8_t)((f->nested & 1) | r->count << 1);
    f->npicks = (uint8_t)r->npicks;
    memcpy(f->picks, r->picks, r->npicks);
}

/* `RulesKernel.keep_frame`: the frame at `depth` as its step left it, at the same step. */
static void keep_frame(Run *r, int depth)
{
    Pend *f = &r->stack[depth];
    if (f->subject != r->subject || r->nqueued || f->npicks != r->npicks ||
        memcmp(f->picks, r->picks, r->npicks) != 0 || f->nested >> 1 != r->count)
        advance(r, depth, f->pc);
}

/* `RulesKernel.begin`: start a triggered ability, unless a statement ignores its kind. */
static void begin(RulesObject *k, Trig t)
{
    Run *r = &k->run;
    int kind = k->trigger_kind[t.ability];
    if (kind >= 0) {
        Stm stm = statements(k, r->kings, r->collected);
        if (stm.ignored >> kind & 1)
            return;
    }
    push_pend(r, t.ability, 0, t.source, t.column, t.subject, 0);
}

/* ------------------------------------------------------------------ the rules' actions */

static void remove_card(Run *r, int card)
{
    int at;
    if (r->hand >> card & 1)
        r->hand &= ~(1ULL << card);
    else if ((at = find_byte(r->arsenal, r->alen, card)) >= 0)
        remove_at(r->arsenal, &r->alen, at);
    else if ((at = find_byte(r->discard, r->dlen, card)) >= 0)
        remove_at(r->discard, &r->dlen, at);
    else if ((at = find_byte(r->deck, r->klen, card)) >= 0)
        remove_at(r->deck, &r->klen, at);
}

static void discard_card(Run *r, int card)
{
    remove_card(r, card);
    r->discard[r->dlen++] = (uint8_t)card;
}

static void take_into_hand(RulesObject *k, int card)
{
    remove_card(&k->run, card);
    k->run.hand |= 1ULL << card;
    fire(k, E_DRAWN, card);
}

static void draw(RulesObject *k, int count)
{
    Run *r = &k->run;
    for (int i = 0; i < count && r->klen; i++) {
        int card = r->deck[0];
        remove_at(r->deck, &r->klen, 0);
        r->hand |= 1ULL << card;
        fire(k, E_DRAWN, card);
    }
}

static void rules_deal(RulesObject *k)
{
    Run *r = &k->run;
    int card = r->deck[0];
    remove_at(r->deck, &r->klen, 0);
    r->arsenal[r->alen++] = (uint8_t)card;
    fire(k, E_DEALT, card);
}

static int column_of(const Run *r, int ncols, int monster)
{
    for (int c = 0; c < ncols; c++)
        if (find_byte(r->col[c], r->clen[c], monster) >= 0)
            return c;
    return -1;
}

/* `RulesKernel.defeated`: out of its column (the one attacked, unless an ability moved it),
 * its Loot, Trophy and Monster King abilities trigger, it is collected, collect abilities
 * fire, and the last monster of its type left may flip. */
/* `RulesKernel.set_off_traps_treasures`: a defeated monster sets off the Traps and Treasures
 * of its type. */
static void set_off_traps_treasures(RulesObject *k, int monster, int column)
{
    Run *r = &k->run;
    uint64_t bit = 1ULL << monster;
    for (int i = 0; i < r->tt.n[TRAPS]; i++) {
        int t = r->tt.id[TRAPS][i];
        if (k->tt_type[t] & bit)
            add_trigger(r, k->trap_program[t], t, column, monster);
    }
    for (int i = 0; i < r->tt.n[TREASURES]; i++) {
        int t = r->tt.id[TREASURES][i];
        if (k->tt_type[t] & bit)
            add_trigger(r, k->treasure_program[t], t, column, monster);
    }
}

/* `RulesKernel.flip_traps`: a Trap whose type has no monster left in the dungeon flips to its
 * Treasure face. */
static void flip_traps(RulesObject *k)
{
    TT *tt = &k->run.tt;
    int kept = 0;
    for (int i = 0; i < tt->n[TRAPS]; i++) {
        int t = tt->id[TRAPS][i];
        if (k->tt_type[t] & k->run.dungeon)
            tt->id[TRAPS][kept++] = (uint8_t)t;
        else
            tt->id[TREASURES][tt->n[TREASURES]++] = (uint8_t)t;  /* (R_MAX_TT in all) */
    }
    tt->n[TRAPS] = (uint8_t)kept;
}

static void defeated(RulesObject *k, int monster, int attacked)
{
    Run *r = &k->run;
    int ncols = k->core.ncols;
    int column = attacked < 0 ? attacked + ncols : attacked;  /* (Python's index from the end) */
    if (!(r->clen[column] && r->col[column][r->clen[column] - 1] == monster))
        column = column_of(r, ncols, monster);
    int at = find_byte(r->col[column], r->clen[column], monster);
    remove_at(r->col[column], &r->clen[column], at);
    int king = (int)(r->kings >> monster & 1);
    for (int i = 0; i < k->nloot[monster][king]; i++)
        add_trigger(r, k->loot[monster][king][i], monster, column, monster);
    if (k->trophy[monster])
        for (int i = 0; i < k->nhero[E_TROPHY]; i++)
            add_trigger(r, k->hero_id[E_TROPHY][i], monster, column, monster);
    if (king)
        for (int i = 0; i < k->nhero[E_MONSTER_KING]; i++)
            add_trigger(r, k->hero_id[E_MONSTER_KING][i], monster, column, monster);
    uint64_t bit = 1ULL << monster;
    if (k->with_tt)
        set_off_traps_treasures(k, monster, column);
    r->collected |= bit;
    r->dungeon &= ~bit;
    fire(k, E_COLLECT, monster);
    uint64_t kind = k->core.kind_mask[monster] & r->dungeon;
    if (kind && !(kind & (kind - 1)) && !(r->kings & kind))  /* one monster left */
        add_trigger(r, k->king_flip, -1, -1, highest_bit(kind));
    if (k->with_tt && r->tt.n[TRAPS])
        flip_traps(k);
}

/* `RulesKernel.reveal`: the monster shows its King face; its Reveal abilities and 'when a
 * Monster King is revealed' abilities trigger. */
static void reveal(RulesObject *k, int monster)
{
    Run *r = &k->run;
    r->kings |= 1ULL << monster;
    int column = column_of(r, k->core.ncols, monster);
    for (int i = 0; i < k->nking[E_REVEAL][monster]; i++)
        add_trigger(r, k->king_id[E_REVEAL][monster][i], monster, column, -1);
    fire(k, E_KING_REVEALED, monster);
}

/* `RulesKernel.spend`: the arsenal's front cards, front first, then the hand cards in card
 * order (or the payment's order) on the discard pile; the weapons exhausted. */
static void spend(Run *r, const RPay *pay)
{
    int cut = r->alen - pay->core.taken;
    for (int i = r->alen - 1; i >= cut; i--)
        r->discard[r->dlen++] = r->arsenal[i];
    if (pay->norder) {
        memcpy(r->discard + r->dlen, pay->order, pay->norder);
        r->dlen += pay->norder;
    } else {
        r->dlen += mask_list(pay->core.chosen, r->discard + r->dlen);
    }
    r->alen = cut;
    r->hand &= ~pay->core.chosen;
    r->exhausted |= pay->core.weapons;
}

/* `RulesKernel.win_attack`: the attack on top (not nested) is paid: its defeat and its end at
 * once; the triggers it queued wait together. */
static void win_attack(RulesObject *k, const RPay *pay)
{
    Run *r = &k->run;
    int slot = --r->nstack;
    int subject = r->stack[slot].subject, column = r->stack[slot].column;
    spend(r, pay);
    defeated(k, subject, column);
    Pend *f = &r->stack[slot];
    if (r->nqueued) {
        append_waiting(r, f, r->queued, r->nqueued);
        r->nqueued = 0;
    }
    if (f->nwait)
        batch_in_place(r, slot);
}

/* ------------------------------------------------------------------ attachments */

/* `RulesKernel.wizard`: where the wizard's four bytes begin in the attachments (the first card
 * attached to the hero as a wizard), -1 when there is none. */
static int wizard(const Run *r)
{
    for (int i = 0; i < r->natt; i += 4)
        if (r->attached[i + 1] == 0 && r->attached[i + 2])
            return i;
    return -1;
}

static void set_wizard_ready(Run *r, int ready)
{
    int i = wizard(r);
    if (i >= 0)
        r->attached[i + 3] = (uint8_t)!ready;
}

/* The arsenal's front card attached to the ability's source (`attachment`: the card, its host
 * + 1, neither a wizard nor exhausted). */
/* `AttachFirstDealt`: the first card of suit `argument` & 255 dealt at set up (set up's deals
 * never change: read off the root), if it is in the arsenal, attached to the hero (as a wizard
 * if `argument` >> 8). */
static void attach_first_dealt(RulesObject *k, int argument)
{
    Run *r = &k->run;
    int suit = argument & 255;
    int card = suit < 4 ? k->first_dealt[suit] : -1;
    int at = card < 0 ? -1 : find_byte(r->arsenal, r->alen, card);
    if (at < 0)
        return;
    if (r->natt + 4 > 4 * R_MAX_ATTACHED) {
        r->overflow = 1;
        return;
    }
    remove_at(r->arsenal, &r->alen, at);
    uint8_t *attached = r->attached + r->natt;
    attached[0] = (uint8_t)card;
    attached[1] = 0;  /* (the hero) */
    attached[2] = (uint8_t)(argument >> 8 != 0);
    attached[3] = 0;
    r->natt += 4;
}

static void attach_arsenal_front(Run *r, int source)
{
    if (!r->alen)
        return;
    if (r->natt + 4 > 4 * R_MAX_ATTACHED) {
        r->overflow = 1;
        return;
    }
    uint8_t *at = r->attached + r->natt;
    at[0] = r->arsenal[--r->alen];
    at[1] = (uint8_t)(source + 1);
    at[2] = 0;
    at[3] = 0;
    r->natt += 4;
}

/* ------------------------------------------------------------------ columns */

static void exhaust_adjacent(Run *r, int ncols, int source)
{
    if (source < 0)
        return;
    for (int c = 0; c < ncols; c++) {
        int i = find_byte(r->col[c], r->clen[c], source);
        if (i >= 0) {
            if (i > 0)
                r->exhausted |= 1ULL << r->col[c][i - 1];
            if (i + 1 < r->clen[c])
                r->exhausted |= 1ULL << r->col[c][i + 1];
            return;
        }
    }
}

/* `RulesKernel.column_candidates`: the columns a step may pick; `here` is the ability's
 * column, `source` the card it is on. */
static int column_candidates(const RulesObject *k, int op, int here, int source, int *out)
{
    const Run *r = &k->run;
    int ncols = k->core.ncols, count = 0;
    int all[MAX_COLUMNS];
    for (int c = 0; c < ncols; c++)
        all[c] = c;
    switch (op) {
    case S_REVEAL_BACK:
        for (int c = 0; c < ncols; c++)
            if (r->clen[c] && !(r->kings >> r->col[c][0] & 1))
                out[count++] = c;
        return count;
    case S_SHUFFLE_THIS_IN: {
        if (source < 0 || !(r->collected >> source & 1))
            return 0;
        int most = 0;
        for (int c = 0; c < ncols; c++)
            most = r->clen[c] > most ? r->clen[c] : most;
        for (int c = 0; c < ncols; c++)
            if (r->clen[c] && r->clen[c] == most)
                out[count++] = c;
        return count;
    }
    case S_REVERSE_ANY: case S_SHUFFLE_ANY: case S_DEFEAT_ANY:
        for (int c = 0; c < ncols; c++)
            if (r->clen[c])
                out[count++] = c;
        return count;
    case S_DEFEAT_ANY_KING:
        for (int c = 0; c < ncols; c++)
            if (r->clen[c] && (r->kings >> r->col[c][r->clen[c] - 1] & 1))
                out[count++] = c;
        return count;
    case S_ATTACK_ANY:
        return run_attackable(k, all, ncols, out);
    case S_SWAP_FRONT_BACK:
        for (int c = 0; c < ncols; c++)
            if (r->clen[c] >= 2)
                out[count++] = c;
        return count;
    case S_SWAP_FRONTS_ENDS: {
        int last = -1, full = 0;
        for (int c = 0; c < ncols; c++)
            if (r->clen[c]) {
                last = c;
                full++;
            }
        if (full >= 2)
            out[count++] = last;
        return count;
    }
    default:
        break;
    }
    int adjacent[2], nadjacent = 0;
    for (int c = here - 1; c <= here + 1; c += 2)
        if (c >= 0 && c < ncols && r->clen[c])
            adjacent[nadjacent++] = c;
    if (op == S_ATTACK_ADJACENT)  /* (its own column may be empty: the next ones still count) */
        return here >= 0 ? run_attackable(k, adjacent, nadjacent, out) : 0;
    if (here < 0 || here >= ncols || !r->clen[here])
        return 0;
    if (op == S_REVERSE_THIS || op == S_SHUFFLE_THIS || op == S_DEFEAT_THIS) {
        out[0] = here;
        return 1;
    }
    if (op == S_DEFEAT_THIS_KING) {
        if (!(r->kings >> r->col[here][r->clen[here] - 1] & 1))
            return 0;
        out[0] = here;
        return 1;
    }
    for (int i = 0; i < nadjacent; i++)
        out[i] = adjacent[i];
    return nadjacent;
}

static void reverse(uint8_t *items, int count)
{
    for (int a = 0, b = count - 1; a < b; a++, b--) {
        uint8_t held = items[a];
        items[a] = items[b];
        items[b] = held;
    }
}

/* `RulesKernel.shuffle_into_column`: a collected monster back into a column, shuffled. */
static void shuffle_into_column(Run *r, int monster, int column)
{
    uint64_t bit = 1ULL << monster;
    r->collected &= ~bit;
    r->dungeon |= bit;
    r->col[column][r->clen[column]++] = (uint8_t)monster;
    shuffle(r->col[column], r->clen[column], &r->stream);
}

/* `RulesKernel.apply_to_column`: a column step of the frame's ability (its column `here`, its
 * source) on the picked column. */
static void apply_to_column(RulesObject *k, int op, int here, int source, int column)
{
    Run *r = &k->run;
    if (op == S_REVEAL_BACK) {
        reveal(k, r->col[column][0]);
        return;
    }
    if (op == S_SHUFFLE_THIS_IN) {
        shuffle_into_column(r, source, column);
        return;
    }
    if (op == S_ATTACK_ANY || op == S_ATTACK_ADJACENT) {  /* (its steps run next, above) */
        push_pend(r, ATTACK_ACTION, 0, -1, column, -1, 1);
        return;
    }
    if (op >= S_DEFEAT_THIS && op <= S_DEFEAT_ANY_KING) {
        defeated(k, r->col[column][r->clen[column] - 1], column);
        return;
    }
    uint8_t *held = r->col[column];
    int length = r->clen[column];
    if (op == S_REVERSE_THIS || op == S_REVERSE_ANY) {
        reverse(held, length);
    } else if (op == S_SHUFFLE_THIS || op == S_SHUFFLE_ANY) {
        shuffle(held, length, &r->stream);
    } else if (op == S_SWAP_FRONT_BACK) {
        uint8_t front = held[length - 1];
        held[length - 1] = held[0];
        held[0] = front;
    } else {
        int other = here;
        if (op == S_SWAP_FRONTS_ENDS)
            for (other = 0; !r->clen[other]; other++)
                ;
        uint8_t *a = &r->col[other][r->clen[other] - 1], *b = &held[length - 1];
        uint8_t front = *a;
        *a = *b;
        *b = front;
    }
}

/* `RulesKernel.redeal`: the dungeon's monsters, shuffled, dealt left to right, top to bottom
 * into the `count` leftmost columns. */
static void redeal(RulesObject *k, int count)
{
    Run *r = &k->run;
    uint8_t order[MAX_MONSTERS];
    int total = 0;
    for (int c = 0; c < k->core.ncols; c++) {
        memcpy(order + total, r->col[c], r->clen[c]);
        total += r->clen[c];
    }
    shuffle(order, total, &r->stream);
    for (int c = 0; c < k->core.ncols; c++) {
        r->clen[c] = 0;
        if (c < count)
            for (int i = c; i < total; i += count)
                r->col[c][r->clen[c]++] = order[i];
    }
}

/* ------------------------------------------------------------------ shuffles into the deck */

/* `RulesKernel.shuffle_pool`: the cards a step takes from, zone after zone. */
static int shuffle_pool(const Run *r, int spec, uint8_t *pool)
{
    int count = 0;
    for (int zones = spec >> 12; zones; zones >>= 2) {
        int zone = zones & 3;
        if (zone == 1) {
            count += mask_list(r->hand, pool + count);
        } else if (zone == 2) {
            memcpy(pool + count, r->arsenal, r->alen);
            count += r->alen;
        } else {
            memcpy(pool + count, r->discard, r->dlen);
            count += r->dlen;
        }
    }
    return count;
}

/* `RulesKernel.shuffle_in`: the cards leave their zones, join the deck's bottom, and the deck
 * is shuffled; no card, no shuffle. */
static void shuffle_in(Run *r, const uint8_t *given, int count)
{
    if (!count)
        return;
    uint8_t cards[MAX_CARDS];
    memcpy(cards, given, count);  /* (they may be the run's own zones) */
    for (int i = 0; i < count; i++)
        remove_card(r, cards[i]);
    memcpy(r->deck + r->klen, cards, count);
    r->klen += count;
    shuffle(r->deck, r->klen, &r->stream);
}

static int shuffle_in_done(Run *r, const uint8_t *cards, int count)
{
    shuffle_in(r, cards, count);
    r->npicks = 0;
    return R_NEXT;
}

static int ask_cards(Run *r, int decision, const uint8_t *cards, int count, int done)
{
    r->decision = decision;
    for (int i = 0; i < count; i++)
        r->opts[i] = cards[i];
    r->nopts = count;
    if (done)
        r->opts[r->nopts++] = DONE_MOVE;
    return R_ASK;
}

/* `RulesKernel.shuffle_into_deck`: the cards named, or the player's picks one at a time (in
 * pool order, so that each set of cards is picked one way only), join the deck, shuffled. */
static int shuffle_into_deck(RulesObject *k, int spec)
{
    Run *r = &k->run;
    int count = spec >> 4 & 255, up_to = spec >> 3 & 1, same_suit = spec >> 2 & 1;
    int card = spec & 3;
    for (;;) {
        uint8_t pool[3 * MAX_CARDS];
        int npool = shuffle_pool(r, spec, pool);
        if (count == ALL_CARDS)
            return shuffle_in_done(r, pool, npool);
        if (card == BOTTOM_CARDS)
            return shuffle_in_done(r, r->discard, count < r->dlen ? count : r->dlen);
        if (card == FRONT_CARD)
            return shuffle_in_done(r, r->arsenal + (r->alen ? r->alen - 1 : 0),
                                   r->alen ? 1 : 0);
        if (r->npicks == count)
            return shuffle_in_done(r, r->picks, r->npicks);
        if (!up_to && !same_suit && npool <= count)
            return shuffle_in_done(r, pool, npool);  /* (do as much as you can) */
        uint8_t rest[3 * MAX_CARDS];
        int nrest = 0, from = 0;
        if (r->npicks)
            from = find_byte(pool, npool, r->picks[r->npicks - 1]) + 1;
        for (int i = from; i < npool; i++)
            if (!(same_suit && r->npicks) || k->core.suit[pool[i]] == k->core.suit[r->picks[0]])
                rest[nrest++] = pool[i];
        if (!up_to && !same_suit) {  /* (leave enough cards to reach the count) */
            int keep = nrest - (count - r->npicks - 1);
            nrest = keep > 0 ? keep : 0;
        }
        if (!nrest)
            return shuffle_in_done(r, r->picks, r->npicks);
        if (up_to)
            return ask_cards(r, PICK_UP_TO, rest, nrest, 1);
        if (nrest > 1)
            return ask_cards(r, PICK_CARD, rest, nrest, 0);
        if (r->npicks == R_MAX_PICKS) {
            r->overflow = 1;
            return R_NEXT;
        }
        r->picks[r->npicks++] = rest[0];
    }
}

/* ------------------------------------------------------------------ discards */

/* `RulesKernel.discards_of_value`: the discard pile's cards of this value (any, for -1), in
 * card order. */
static int discards_of_value(const RulesObject *k, int value, uint8_t *out)
{
    const Run *r = &k->run;
    uint64_t found = 0;
    for (int i = 0; i < r->dlen; i++)
        if (value < 0 || k->value[r->discard[i]] == value)
            found |= 1ULL << r->discard[i];
    return mask_list(found, out);
}

/* `RulesKernel.discard_from_hand`: 'Discard N cards'. */
static int discard_from_hand(RulesObject *k, int count)
{
    Run *r = &k->run;
    int remaining = count - r->npicks;
    if (remaining <= 0 || !r->hand) {
        r->npicks = 0;
        return R_NEXT;
    }
    uint8_t cards[MAX_CARDS];
    int ncards = mask_list(r->hand, cards);
    if (order_live(k, r->collected, r->kings, &r->tt)) {
        /* Every order is a choice: any card of the hand next, but a last one, discarded. */
        if (ncards == 1) {
            discard_card(r, cards[0]);
            r->npicks = 0;
            return R_NEXT;
        }
        return ask_cards(r, PICK_CARD, cards, ncards, 0);
    }
    if (ncards <= remaining) {
        for (int i = 0; i < ncards; i++)
            discard_card(r, cards[i]);
        r->npicks = 0;
        return R_NEXT;
    }
    int last = r->npicks ? r->picks[r->npicks - 1] : -1;
    uint8_t above[MAX_CARDS];
    int nabove = 0;
    for (int i = 0; i < ncards; i++)
        if (cards[i] > last)
            above[nabove++] = cards[i];
    int offered = nabove - remaining + 1;
    return ask_cards(r, PICK_CARD, above, offered > 0 ? offered : 0, 0);
}

/* ------------------------------------------------------------------ steps */

static int is_column_pick(int op)
{
    return (op >= S_REVERSE_THIS && op <= S_DEFEAT_ANY_KING && op != S_REDEAL &&
            op != S_SHUFFLE_INTO_DECK) || op == S_REVEAL_BACK || op == S_SHUFFLE_THIS_IN;
}

/* `RulesKernel.monster_candidates`: the monsters a step may pick, as a mask: the ready or
 * exhausted collected ones, those of a type in the dungeon not showing their King face, or
 * the other collected monsters (not Kings) with a Loot ability. */
static uint64_t monster_candidates(const RulesObject *k, int op, int argument, int source)
{
    const Run *r = &k->run;
    if (op == S_EXHAUST_PICK)
        return r->collected & ~r->exhausted;
    if (op == S_READY_PICK)
        return r->collected & r->exhausted;
    if (op == S_REVEAL_OF_TYPE)
        return argument >= 0 && argument < k->ntypes
            ? k->type_mask[argument] & r->dungeon & ~r->kings : 0;
    uint64_t others = r->collected & ~r->kings & k->looting;
    return source >= 0 ? others & ~(1ULL << source) : others;
}

/* `RulesKernel.possible`: whether a step of the frame's ability can do anything now. */
static int possible(const RulesObject *k, int op, int argument, const Pend *f)
{
    const Run *r = &k->run;
    int subject = f->subject, out[MAX_COLUMNS];
    uint8_t pool[3 * MAX_CARDS];
    switch (op) {
    case S_DRAW: case S_DISCARD_DECK:
        return r->klen > 0;
    case S_EXHAUST_PICK: case S_READY_PICK: case S_REVEAL_OF_TYPE: case S_TRIGGER_LOOT:
        return monster_candidates(k, op, argument, f->source) != 0;
    case S_DRAW_ARSENAL_FRONT: case S_DISCARD_ARSENAL_FRONT: case S_DISCARD_ARSENAL_ANY:
        return r->alen > 0;
    case S_DRAW_IT:
        return subject >= 0 && find_byte(r->arsenal, r->alen, subject) >= 0;
    case S_DISCARD_IT:
        return subject >= 0 && (find_byte(r->arsenal, r->alen, subject) >= 0 ||
                                (r->hand >> subject & 1));
    case S_DISCARD_HAND:
        return r->hand != 0;
    case S_DRAW_DISCARD_TOP:
        return r->dlen > 0;
    case S_SWAP_ARSENAL:
        return r->alen >= 2;
    case S_EXHAUST_WIZARD: {
        int at = wizard(r);
        return at >= 0 && !r->attached[at + 3];
    }
    case S_READY_WIZARD:
        return wizard(r) >= 0;
    case S_ATTACH_ARSENAL_FRONT:
        return r->alen > 0;
    case S_REDEAL:
        return r->dungeon != 0;
    case S_SHUFFLE_INTO_DECK:
        return shuffle_pool(r, argument, pool) > 0;
    case S_DRAW_DISCARD_ANY:
        return discards_of_value(k, argument, pool) > 0;
    default:
        break;
    }
    if (is_column_pick(op))
        return column_candidates(k, op, f->column, f->source, out) > 0;
    return 1;
}

/* A monster step on the picked monster (`RulesKernel.apply_to_monster`). */
static void apply_to_monster(RulesObject *k, int op, int monster)
{
    Run *r = &k->run;
    if (op == S_EXHAUST_PICK || op == S_READY_PICK) {
        r->exhausted ^= 1ULL << monster;
    } else if (op == S_REVEAL_OF_TYPE) {
        reveal(k, monster);
    } else {  /* S_TRIGGER_LOOT (`Board.trigger_loot_of`): its front face's Loot */
        for (int i = 0; i < k->nloot[monster][0]; i++)
            add_trigger(r, k->loot[monster][0][i], monster, -1, monster);
    }
}

static int pick_monster(RulesObject *k, int op, uint64_t found)
{
    if (!found)
        return R_NEXT;
    if (!(found & (found - 1))) {  /* (one candidate: taken at once) */
        apply_to_monster(k, op, lowest_bit(found));
        return R_NEXT;
    }
    uint8_t monsters[MAX_MONSTERS];
    return ask_cards(&k->run, PICK_MONSTER, monsters, mask_list(found, monsters), 0);
}

/* The attack's payment step (`ATTACK_PAY`). */
static int attack_pay(RulesObject *k, int depth)
{
    Run *r = &k->run;
    const Pend *f = &r->stack[depth];
    int target = f->subject;
    if (!(r->dungeon >> target & 1))
        return k->nsteps[ATTACK_ACTION];  /* (it has left: the attack ends) */
    long total = attack_payments(k, target);
    if (total < 0)
        return R_ERROR;
    if (!r->npays)
        return k->nsteps[ATTACK_ACTION];
    if (total == 1) {
        if (!(f->nested & 1)) {
            win_attack(k, &r->pays[0]);
            return R_FRAME_DONE;
        }
        spend(r, &r->pays[0]);
        return R_NEXT;
    }
    r->decision = PAY;
    r->pending = f->column;
    return R_ASK;
}

/* The steps that move cards between zones. */
static int card_step(RulesObject *k, const Pend *f, int op, int argument)
{
    Run *r = &k->run;
    uint8_t cards[MAX_CARDS];
    int count;
    switch (op) {
    case S_DISCARD_DECK:
        count = argument < r->klen ? argument : r->klen;
        memcpy(r->discard + r->dlen, r->deck, count);
        r->dlen += count;
        memmove(r->deck, r->deck + count, r->klen - count);
        r->klen -= count;
        return R_NEXT;
    case S_DRAW_ARSENAL_FRONT:
        if (r->alen)
            take_into_hand(k, r->arsenal[r->alen - 1]);
        return R_NEXT;
    case S_DISCARD_ARSENAL_FRONT:
        if (r->alen)
            discard_card(r, r->arsenal[r->alen - 1]);
        return R_NEXT;
    case S_DISCARD_ARSENAL_ANY:
        if (r->alen > 1)
            return ask_cards(r, PICK_CARD, r->arsenal, r->alen, 0);
        if (r->alen)
            discard_card(r, r->arsenal[0]);
        return R_NEXT;
    case S_DRAW_IT:
        if (possible(k, op, argument, f))
            take_into_hand(k, f->subject);
        return R_NEXT;
    case S_DISCARD_IT:
        if (possible(k, op, argument, f))
            discard_card(r, f->subject);
        return R_NEXT;
    case S_DISCARD_HAND:
        return discard_from_hand(k, argument);
    case S_DRAW_DISCARD_TOP:
        if (r->dlen)
            take_into_hand(k, r->discard[r->dlen - 1]);
        return R_NEXT;
    case S_DRAW_DISCARD_ANY:
        count = discards_of_value(k, argument, cards);
        if (count > 1)
            return ask_cards(r, PICK_CARD, cards, count, 0);
        if (count)
            take_into_hand(k, cards[0]);
        return R_NEXT;
    case S_SWAP_ARSENAL:
        if (r->alen > 2) {
            r->decision = PICK_SWAP;
            for (int i = 0; i < r->alen - 1; i++)
                r->opts[i] = (int16_t)i;
            r->nopts = r->alen - 1;
            return R_ASK;
        }
        if (r->alen == 2)
            reverse(r->arsenal, 2);
        return R_NEXT;
    case S_SHUFFLE_INTO_DECK:
        return shuffle_into_deck(k, argument);
    default:
        return R_NEXT;
    }
}

/* The steps on collected monsters that pick none, and on attachments. */
static int monster_step(RulesObject *k, const Pend *f, int op)
{
    Run *r = &k->run;
    switch (op) {
    case S_EXHAUST_EACH:
        r->exhausted |= r->collected;
        return R_NEXT;
    case S_READY_EACH:
        r->exhausted &= ~r->collected;
        return R_NEXT;
    case S_EXHAUST_FRONTS:
        for (int c = 0; c < k->core.ncols; c++)
            if (r->clen[c])
                r->exhausted |= 1ULL << r->col[c][r->clen[c] - 1];
        return R_NEXT;
    case S_EXHAUST_ADJACENT:
        exhaust_adjacent(r, k->core.ncols, f->source);
        return R_NEXT;
    case S_EXHAUST_WIZARD: case S_READY_WIZARD:
        set_wizard_ready(r, op == S_READY_WIZARD);
        return R_NEXT;
    case S_ATTACH_ARSENAL_FRONT:
        attach_arsenal_front(r, f->source);
        return R_NEXT;
    default:  /* S_READY_IT */
        if (f->subject >= 0 && (r->collected >> f->subject & 1))
            r->exhausted &= ~(1ULL << f->subject);
        return R_NEXT;
    }
}

/* `RulesKernel.step`: one step of the frame at `depth` (the top); R_NEXT, a step to go to,
 * R_ASK, R_FRAME_DONE or R_ERROR. */
/* `RulesKernel.step` for the steps of modes, 'for each' and the Treasure action. */
static int flow_step(RulesObject *k, const Pend *f, int op, int argument)
{
    Run *r = &k->run;
    TT *tt = &r->tt;
    switch (op) {
    case S_ONE_OF: {
        int modes = (int)(k->arg[f->program][f->pc] & 255);
        r->decision = CHOOSE_MODE;
        for (int i = 0; i < modes; i++)
            r->opts[i] = (int16_t)i;
        r->nopts = modes;
        return R_ASK;
    }
    case S_JUMP:
        return argument;
    case S_FOR_EACH: {  /* ('each Treasure in the dungeon', D12) */
        uint64_t kinds = 0;
        for (int i = 0; i < tt->n[TREASURES]; i++)
            kinds |= k->tt_type[tt->id[TREASURES][i]];
        int count = popcount(r->dungeon & kinds);
        if (count <= 0)
            return argument;
        r->count = count;
        return R_NEXT;
    }
    case S_REPEAT:
        if (r->count > 1) {
            r->count--;
            return argument;
        }
        r->count = 0;
        return R_NEXT;
    case S_CALL_TREASURE:  /* (its steps run next, above the action's frame) */
        push_pend(r, k->treasure_program[f->source], 0, f->source, -1, -1, 1);
        return R_NEXT;
    default: {  /* S_REMOVE_TREASURE */
        int at = find_byte(tt->id[TREASURES], tt->n[TREASURES], f->source);
        if (at >= 0) {
            int n = tt->n[TREASURES];
            remove_at(tt->id[TREASURES], &n, at);
            tt->n[TREASURES] = (uint8_t)n;
        }
        tt->id[REMOVED][tt->n[REMOVED]++] = (uint8_t)f->source;
        return R_NEXT;
    }
    }
}

static int step(RulesObject *k, int depth, int op, int argument)
{
    Run *r = &k->run;
    const Pend *f = &r->stack[depth];
    int found[MAX_COLUMNS], count;
    switch (op) {
    case S_DRAW:
        draw(k, argument);
        return R_NEXT;
    case S_MAY: {
        int first = k->op[f->program][f->pc + 1];
        if (!possible(k, first, k->arg[f->program][f->pc + 1], f))
            return argument;  /* (its first step, its cost, can't be done: no choice) */
        r->decision = YES_NO;
        return R_ASK;
    }
    case S_EXHAUST_PICK: case S_READY_PICK: case S_REVEAL_OF_TYPE: case S_TRIGGER_LOOT:
        return pick_monster(k, op, monster_candidates(k, op, argument, f->source));
    case S_EXHAUST_EACH: case S_READY_EACH: case S_EXHAUST_FRONTS: case S_EXHAUST_ADJACENT:
    case S_READY_IT: case S_EXHAUST_WIZARD: case S_READY_WIZARD: case S_ATTACH_ARSENAL_FRONT:
        return monster_step(k, f, op);
    case S_REDEAL:
        if (r->dungeon)
            redeal(k, argument);
        return R_NEXT;
    case S_ATTACK_BEGIN: {
        int column = f->column;
        int target = r->col[column][r->clen[column] - 1];
        r->subject = target;
        Trig triggers[R_MAX_WAIT];
        count = collected_triggers(k, r, E_ATTACKED, target, triggers);
        if (count) {
            Pend *batch = push_pend(r, BATCH, 0, -1, -1, -1, 0);
            if (batch != NULL)
                append_waiting(r, batch, triggers, count);
        }
        return R_NEXT;
    }
    case S_ATTACK_PAY:
        return attack_pay(k, depth);
    case S_ATTACK_DEFEAT:
        defeated(k, f->subject, f->column);
        return R_NEXT;
    case S_DEAL_ONE:
        rules_deal(k);
        return R_NEXT;
    case S_KING_FLIP:
        if ((r->dungeon >> f->subject & 1) && !(r->kings >> f->subject & 1))
            reveal(k, f->subject);
        return R_NEXT;
    case S_ONE_OF:
    case S_JUMP:
    case S_FOR_EACH:
    case S_REPEAT:
    case S_CALL_TREASURE:
    case S_REMOVE_TREASURE:
        return flow_step(k, f, op, argument);
    case S_ATTACH_FIRST_DEALT:
        attach_first_dealt(k, argument);
        return R_NEXT;
    default:
        break;
    }
    if (is_column_pick(op)) {
        count = column_candidates(k, op, f->column, f->source, found);
        if (count > 1) {
            r->decision = PICK_COLUMN;
            for (int i = 0; i < count; i++)
                r->opts[i] = (int16_t)found[i];
            r->nopts = count;
            return R_ASK;
        }
        if (count)
            apply_to_column(k, op, f->column, f->source, found[0]);
        return R_NEXT;
    }
    return card_step(k, f, op, argument);
}

/* `RulesKernel.resolve`: run pending abilities until the player must choose or none is left.
 * 0, or -1 with an exception. */
static int resolve(RulesObject *k)
{
    Run *r = &k->run;
    long steps_left = R_MAX_RESOLVE;
    while (r->nstack && !r->overflow) {
        if (--steps_left < 0) {
            PyErr_SetString(PyExc_RuntimeError,
                            "abilities kept triggering each other: the card data loops");
            return -1;
        }
        Pend *top = &r->stack[r->nstack - 1];
        if (top->program == BATCH) {
            if (top->nwait == 1) {
                Trig t = top->wait[0];
                r->nstack--;
                begin(k, t);
            } else if (top->nwait) {
                r->decision = ORDER;
                return 0;
            } else {
                r->nstack--;
            }
            continue;
        }
        int program = top->program, pc = top->pc;
        int nsteps = k->nsteps[program];
        if (pc >= nsteps) {
            r->nstack--;
            finish(r, r->nstack);
            continue;
        }
        int depth = r->nstack - 1;
        r->subject = top->subject;
        r->npicks = top->npicks;
        memcpy(r->picks, top->picks, top->npicks);
        r->count = top->nested >> 1;
        int result = step(k, depth, k->op[program][pc], (int)k->arg[program][pc]);
        if (result == R_ERROR)
            return -1;
        if (result == R_ASK) {
            keep_frame(r, depth);
            return 0;
        }
        if (result == R_FRAME_DONE)
            continue;
        pc = result == R_NEXT ? pc + 1 : result;
        if (pc >= nsteps && !r->nqueued && depth == r->nstack - 1) {
            /* (the frame's last step, which queued nothing: off the stack at once) */
            r->nstack--;
            finish(r, r->nstack);
            continue;
        }
        advance(r, depth, pc);
    }
    return 0;
}

static void add_pick(Run *r, int card)
{
    if (r->npicks == R_MAX_PICKS)
        r->overflow = 1;
    else
        r->picks[r->npicks++] = (uint8_t)card;
}

/* `RulesKernel.choose`: feed the player's choice to the step that asked. 0, or -1 with an
 * exception (a move not offered). */
static int choose(RulesObject *k, const SpotObject *s, long move)
{
    Run *r = &k->run;
    int depth = r->nstack - 1;
    Pend *f = &r->stack[depth];
    r->subject = f->subject;
    r->npicks = f->npicks;
    memcpy(r->picks, f->picks, f->npicks);
    r->count = f->nested >> 1;
    int pc = f->pc, op = k->op[f->program][pc], argument = (int)k->arg[f->program][pc];
    if (op == S_ATTACK_PAY) {
        if (move < 0 || move >= s->nopts) {
            PyErr_Format(PyExc_ValueError, "no such payment here: %ld", move);
            return -1;
        }
        if (!(f->nested & 1)) {
            win_attack(k, &s->pays[move]);
            return 0;
        }
        spend(r, &s->pays[move]);
        advance(r, depth, pc + 1);
    } else if (op == S_MAY) {
        advance(r, depth, move == YES_MOVE ? pc + 1 : argument);
    } else if (op == S_DISCARD_ARSENAL_ANY) {
        discard_card(r, (int)move);
        advance(r, depth, pc + 1);
    } else if (op == S_DRAW_DISCARD_ANY) {
        take_into_hand(k, (int)move);
        advance(r, depth, pc + 1);
    } else if (is_column_pick(op)) {
        apply_to_column(k, op, f->column, f->source, (int)move);
        advance(r, depth, pc + 1);
    } else if (op == S_SHUFFLE_INTO_DECK) {
        if (move == DONE_MOVE) {
            shuffle_in(r, r->picks, r->npicks);
            r->npicks = 0;
            advance(r, depth, pc + 1);
        } else {  /* (the step runs again: more cards may be picked) */
            add_pick(r, (int)move);
            advance(r, depth, pc);
        }
    } else if (op == S_SWAP_ARSENAL) {
        reverse(r->arsenal + move, 2);
        advance(r, depth, pc + 1);
    } else if (op == S_ONE_OF) {  /* (the chosen mode's first step: `one_of_starts`) */
        advance(r, depth, (int)(k->arg[f->program][pc] >> (8 * (move + 1)) & 255));
    } else if (op == S_DISCARD_HAND) {  /* (the step runs again: more cards may be due) */
        discard_card(r, (int)move);
        add_pick(r, (int)move);
        advance(r, depth, pc);
    } else {  /* the monster picks */
        apply_to_monster(k, op, (int)move);
        advance(r, depth, pc + 1);
    }
    return 0;
}

/* ------------------------------------------------------------------ moves and children */

static int spot_won(const RulesObject *k, const SpotObject *s)
{
    if (s->decision != QUIET || s->pending >= 0)
        return 0;
    const KernelObject *c = &k->core;
    for (int i = 0; i < c->nprey; i++) {
        int have;
        if (c->prey_kind[i] == -1)
            have = popcount(s->collected & s->kings);
        else if (c->prey_kind[i] == -2)
            have = 0;
        else
            have = popcount(s->collected & c->prey_mask[i]);
        if (have < c->prey_need[i])
            return 0;
    }
    return 1;
}

/* The top batch's abilities (an ORDER position's): their programs, in order. */
static int top_batch(const SpotObject *s, int *programs)
{
    const uint8_t *at = s->stack, *end = s->stack + s->nstack, *last = at;
    while (at < end) {
        last = at;
        at += 8 + at[7] + 4 * at[5];
    }
    for (int w = 0; w < last[5]; w++)
        programs[w] = last[8 + last[7] + 4 * w];
    return last[5];
}

#define R_MAX_MOVES (R_MAX_WAIT + MAX_COLUMNS + 1 + R_MAX_TT)

/* ------------------------------------------------------------------ the guided order */

/* `ordering.cheapest_types`, the first `count` of them as a mask of type numbers: a type
 * costs, in each column, the depth of its deepest monster there (the front is 1), and the
 * cheapest come first, ties by name (type numbers follow names). */
static uint64_t cheapest_types(const RulesObject *k, const int *length,
                               const uint8_t *const *monsters, int count)
{
    int cost[MAX_MONSTERS] = {0};
    uint64_t present = 0, chosen = 0;
    for (int c = 0; c < k->core.ncols; c++) {
        uint64_t seen = 0;
        for (int i = 0; i < length[c]; i++) {  /* from the back: a type's deepest first */
            int kind = k->monster_type[monsters[c][i]];
            if (!(seen >> kind & 1)) {
                seen |= 1ULL << kind;
                cost[kind] += length[c] - i;
            }
        }
        present |= seen;
    }
    for (; count > 0 && present & ~chosen; count--) {
        int best = -1;
        for (int kind = 0; kind < k->ntypes; kind++)
            if ((present & ~chosen) >> kind & 1 && (best < 0 || cost[kind] < cost[best]))
                best = kind;
        chosen |= 1ULL << best;
    }
    return chosen;
}

/* `RulesKernel.wanted_types`: the types still wanted for the prey, with the types cheapest
 * to clear for each Monster King still to make; *kings says whether Kings are wanted. */
static uint64_t wanted_types(const RulesObject *k, const SpotObject *s, const int *length,
                             const uint8_t *const *monsters, int *kings)
{
    const KernelObject *c = &k->core;
    uint64_t wanted = 0;
    int missing = 0;
    for (int i = 0; i < c->nprey; i++) {
        int kind = c->prey_kind[i], have;
        if (kind == -1)
            have = popcount(s->collected & s->kings);
        else if (kind == -2)
            have = 0;
        else
            have = popcount(s->collected & c->prey_mask[i]);
        if (have >= c->prey_need[i])
            continue;
        if (kind == -1)
            missing += c->prey_need[i] - have;
        else if (kind >= 0)
            wanted |= 1ULL << kind;
    }
    *kings = missing > 0;
    return missing ? wanted | cheapest_types(k, length, monsters, missing) : wanted;
}

/* `RulesKernel.guided_actions`: a quiet position's moves in place, attacks on prey first
 * (shallow columns first), then the other attacks, then Treasures, then Deal; a stable
 * sort. */
static void guided_moves(const RulesObject *k, const SpotObject *s, const int *length,
                         const uint8_t *const *monsters, int *moves, int count)
{
    int kings, rank[R_MAX_MOVES];
    uint64_t wanted = wanted_types(k, s, length, monsters, &kings);
    for (int i = 0; i < count; i++) {
        int move = moves[i];
        if (move == DEAL || move >= TREASURE_MOVE) {
            rank[i] = (move == DEAL ? 3 : 2) << 8;
            continue;
        }
        int front = monsters[move][length[move] - 1];
        int prey = (wanted >> k->monster_type[front] & 1) || (kings && s->kings >> front & 1);
        rank[i] = (prey ? 0 : 1) << 8 | length[move];
    }
    for (int i = 1; i < count; i++) {  /* (insertion sort: stable, and lists are short) */
        int move = moves[i], key = rank[i], j = i;
        for (; j > 0 && rank[j - 1] > key; j--) {
            moves[j] = moves[j - 1];
            rank[j] = rank[j - 1];
        }
        moves[j] = move;
        rank[j] = key;
    }
}

/* `RulesKernel.payment_rank` as one number: the most arsenal cards first, then the fewest
 * weapons, then the fewest hand cards. */
static inline long payment_rank(const RPay *p)
{
    return (long)(64 - p->core.taken) << 16 | popcount(p->core.weapons) << 8
        | popcount(p->core.chosen);
}

typedef struct {
    long rank;
    int index;
} Ranked;

static int ranked_compare(const void *a, const void *b)
{
    const Ranked *x = a, *y = b;
    if (x->rank != y->rank)
        return x->rank < y->rank ? -1 : 1;
    return x->index - y->index;  /* (ties keep the engine's order) */
}

/* A payment's offer in the guided order (`sorted(payments, key=payment_rank)`), in place. */
static int guided_payments(RPay *pays, int count)
{
    if (count < 2)
        return 0;
    Ranked *ranked = PyMem_Malloc(sizeof(Ranked) * count);
    RPay *sorted = PyMem_Malloc(sizeof(RPay) * count);
    if (ranked == NULL || sorted == NULL) {
        PyMem_Free(ranked);
        PyMem_Free(sorted);
        PyErr_NoMemory();
        return -1;
    }
    for (int i = 0; i < count; i++)
        ranked[i] = (Ranked){payment_rank(&pays[i]), i};
    qsort(ranked, count, sizeof(Ranked), ranked_compare);
    for (int i = 0; i < count; i++)
        sorted[i] = pays[ranked[i].index];
    memcpy(pays, sorted, sizeof(RPay) * count);
    PyMem_Free(ranked);
    PyMem_Free(sorted);
    return 0;
}

/* `RulesKernel.moves` into `out` for a quiet position, a yes or no, or an order of abilities
 * (an offer's moves are its payments' indexes or its picks); their count. */
static int spot_moves(const RulesObject *k, const SpotObject *s, int *out)
{
    switch (s->decision) {
    case YES_NO:
        out[0] = YES_MOVE;
        out[1] = NO_MOVE;
        return 2;
    case ORDER: {  /* `branches.distinct_resolves` */
        int programs[R_MAX_WAIT], seen[R_MAX_WAIT], nseen = 0, count = 0;
        int n = top_batch(s, programs);
        for (int i = 0; i < n; i++) {
            int signature = k->signature[programs[i]];
            if (signature >= 0) {
                int known = 0;
                for (int j = 0; j < nseen && !known; j++)
                    known = seen[j] == signature;
                if (known)
                    continue;
                seen[nseen++] = signature;
            }
            out[count++] = i;
        }
        return count;
    }
    default:
        break;
    }
    if (spot_won(k, s))
        return 0;
    int count = 0, all[MAX_COLUMNS], length[MAX_COLUMNS];
    const uint8_t *monsters[MAX_COLUMNS];
    if (s->klen)
        out[count++] = DEAL;
    for (int c = 0; c < k->core.ncols; c++)
        all[c] = c;
    layout_columns(k, s->layout, length, monsters);
    count += attackable(k, s->hand, s->kings, s->collected, s->exhausted, s->arsenal,
                        s->alen, length, monsters, all, k->core.ncols, out + count);
    for (int i = 0; i < s->tt.n[TREASURES]; i++)
        out[count++] = TREASURE_MOVE + s->tt.id[TREASURES][i];
    if (k->guided && count > 1)
        guided_moves(k, s, length, monsters, out, count);
    return count;
}

/* A Deal that fires nothing: the deck's top card to the front of the arsenal. */
static SpotObject *plain_deal(const SpotObject *p)
{
    SpotObject *s = spot_new();
    if (s == NULL)
        return NULL;
    s->hand = p->hand;
    s->kings = p->kings;
    s->exhausted = p->exhausted;
    s->collected = p->collected;
    s->dungeon = p->dungeon;
    s->stream = p->stream;
    s->alen = p->alen + 1;
    s->klen = p->klen - 1;
    s->dlen = p->dlen;
    s->nlayout = p->nlayout;
    memcpy(s->arsenal, p->arsenal, p->alen);
    s->arsenal[p->alen] = p->deck[0];
    memcpy(s->deck, p->deck + 1, s->klen);
    memcpy(s->discard, p->discard, p->dlen);
    s->natt = p->natt;
    memcpy(s->attached, p->attached, p->natt);
    memcpy(s->layout, p->layout, p->nlayout);
    s->tt = p->tt;
    return s;
}

/* Whether `move` is one of the position's (cheaply: an attack's column must hold a monster,
 * an order's ability must wait, a pick must be offered); a payment's is checked by `choose`. */
static int valid_move(const RulesObject *k, const SpotObject *s, long move)
{
    int ok;
    if (s->decision == QUIET && move >= TREASURE_MOVE) {
        ok = move - TREASURE_MOVE < 256 &&
            find_byte(s->tt.id[TREASURES], s->tt.n[TREASURES], (int)(move - TREASURE_MOVE)) >= 0;
    } else if (s->decision == QUIET) {
        ok = move == DEAL ? s->klen > 0 : move >= 0 && move < k->core.ncols && s->layout[move];
    } else if (s->decision == ORDER) {
        int programs[R_MAX_WAIT];
        ok = move >= 0 && move < top_batch(s, programs);
    } else if (s->decision >= PICK_MONSTER) {
        ok = 0;
        for (int i = 0; i < s->nopts && !ok; i++)
            ok = s->opts[i] == move;
    } else {
        ok = 1;
    }
    if (!ok)
        PyErr_Format(PyExc_ValueError, "no such move here: %ld", move);
    return ok;
}

/* `RulesKernel.child`. */
static PyObject *spot_child(RulesObject *k, SpotObject *s, long move)
{
    int decision = s->decision;
    if (decision == QUIET && move == DEAL && s->klen &&
        !fires(k, E_DEALT, s->kings, s->collected))
        return (PyObject *)plain_deal(s);
    if (!valid_move(k, s, move))
        return NULL;
    Run *r = &k->run;
    run_load(k, s);
    if (decision == QUIET) {
        if (move == DEAL) {
            push_pend(r, DEAL_ACTION, 0, -1, -1, -1, 0);
        } else if (move >= TREASURE_MOVE) {
            push_pend(r, TREASURE_ACTION, 0, (int)(move - TREASURE_MOVE), -1, -1, 0);
        } else if (!fires(k, E_ATTACKED, r->kings, r->collected)) {
            /* Nothing triggers on an attack now: its first step only names the target. */
            int target = r->col[move][r->clen[move] - 1];
            r->subject = target;
            push_pend(r, ATTACK_ACTION, 1, -1, (int)move, target, 0);
        } else {
            push_pend(r, ATTACK_ACTION, 0, -1, (int)move, -1, 0);
        }
    } else if (decision == ORDER) {
        Pend *top = &r->stack[r->nstack - 1];
        Trig t = top->wait[move];
        memmove(top->wait + move, top->wait + move + 1, sizeof(Trig) * (top->nwait - move - 1));
        top->nwait--;
        begin(k, t);
    } else if (choose(k, s, move) < 0) {
        return NULL;
    }
    if (resolve(k) < 0)
        return NULL;
    return (PyObject *)run_spot(k);
}

/* ------------------------------------------------------------------ keys */

/* A number of many fields, laid out from its lowest bit (`put`), written big-endian in a fixed
 * width as `int.to_bytes` writes it. */
typedef struct {
    uint64_t words[8];
    int bits;
} Wide;

static void wide_put(Wide *w, uint64_t value, int width)
{
    int word = w->bits >> 6, offset = w->bits & 63;
    w->words[word] |= value << offset;
    if (offset && offset + width > 64)
        w->words[word + 1] |= value >> (64 - offset);
    w->bits += width;
}

static uint8_t *wide_write(const Wide *w, int width, uint8_t *at)
{
    for (int i = width - 1; i >= 0; i--) {
        int bit = 8 * i;
        *at++ = (uint8_t)(w->words[bit >> 6] >> (bit & 63));
    }
    return at;
}

static uint8_t *put_classes(const KernelObject *c, const uint8_t *cards, int count, uint8_t *at)
{
    for (int i = 0; i < count; i++)
        *at++ = c->cls[cards[i]];
    return at;
}

/* `RulesKernel.key`, byte for byte. */
static PyObject *spot_key(RulesObject *k, const SpotObject *s)
{
    const KernelObject *c = &k->core;
    uint8_t *buffer = k->buffer, *at = buffer;
    Wide w = {{0}, 0};
    int quiet = s->decision == QUIET;
    if (k->with_tt) {
        for (int zone = TRAPS; zone <= REMOVED; zone++)
            *at++ = s->tt.n[zone];
        for (int zone = TRAPS; zone <= REMOVED; zone++) {
            memcpy(at, s->tt.id[zone], s->tt.n[zone]);
            at += s->tt.n[zone];
        }
    }
    memcpy(at, s->layout, s->nlayout);
    at += s->nlayout;
    *at++ = (uint8_t)s->alen;
    *at++ = (uint8_t)s->klen;
    *at++ = (uint8_t)s->natt;
    if (quiet) {
        at = put_classes(c, s->arsenal, s->alen, at);
        at = put_classes(c, s->deck, s->klen, at);
        for (int i = 0; i < s->natt; i++)  /* (each card as its class, the rest as it is) */
            *at++ = i % 4 ? s->attached[i] : c->cls[s->attached[i]];
        if (order_live(k, s->collected, s->kings, &s->tt))
            at = put_classes(c, s->discard, s->dlen, at);
        wide_put(&w, 0, 8);
        wide_put(&w, canonical_hand(c, s->hand), c->cards);
    } else {
        *at++ = (uint8_t)s->nframes;
        memcpy(at, s->stack, s->nstack);
        at += s->nstack;
        memcpy(at, s->arsenal, s->alen);
        at += s->alen;
        memcpy(at, s->deck, s->klen);
        at += s->klen;
        memcpy(at, s->attached, s->natt);
        at += s->natt;
        memcpy(at, s->discard, s->dlen);
        at += s->dlen;
        wide_put(&w, PENDING_KEY, 8);
        wide_put(&w, (uint64_t)s->decision, 8);
        wide_put(&w, s->hand, c->cards);
    }
    if (k->shuffles)
        wide_put(&w, s->stream, 64);
    wide_put(&w, s->collected, c->monsters);
    wide_put(&w, s->exhausted, c->monsters);
    wide_put(&w, s->kings, c->monsters);
    at = wide_write(&w, k->mask_width, at);
    return PyBytes_FromStringAndSize((const char *)buffer, at - buffer);
}

/* ------------------------------------------------------------------ the Python side */

static PyObject *spot_bytes(const uint8_t *bytes, int count)
{
    return PyBytes_FromStringAndSize((const char *)bytes, count);
}

static PyObject *spot_arsenal(SpotObject *s, void *closure)
{
    return spot_bytes(s->arsenal, s->alen);
}

static PyObject *spot_deck(SpotObject *s, void *closure)
{
    return spot_bytes(s->deck, s->klen);
}

static PyObject *spot_discard(SpotObject *s, void *closure)
{
    return spot_bytes(s->discard, s->dlen);
}

static PyObject *spot_attached(SpotObject *s, void *closure)
{
    return spot_bytes(s->attached, s->natt);
}

static PyObject *spot_layout(SpotObject *s, void *closure)
{
    return spot_bytes(s->layout, s->nlayout);
}

/* The columns (the layout's lengths come first: their count is the count of columns). */
static PyObject *spot_columns(SpotObject *s, void *closure)
{
    int ncols = 0, total = 0;
    while (ncols + total < s->nlayout) {
        total += s->layout[ncols];
        ncols++;
    }
    PyObject *columns = PyTuple_New(ncols);
    int at = ncols;
    for (int c = 0; columns != NULL && c < ncols; c++) {
        PyObject *column = spot_bytes(s->layout + at, s->layout[c]);
        if (column == NULL) {
            Py_CLEAR(columns);
            break;
        }
        PyTuple_SET_ITEM(columns, c, column);
        at += s->layout[c];
    }
    return columns;
}

/* The pending abilities as the Python kernel's `Pend` tuples. */
static PyObject *spot_tt(SpotObject *s, void *closure)
{
    return Py_BuildValue("(y#y#y#)", (const char *)s->tt.id[TRAPS], (Py_ssize_t)s->tt.n[TRAPS],
                         (const char *)s->tt.id[TREASURES], (Py_ssize_t)s->tt.n[TREASURES],
                         (const char *)s->tt.id[REMOVED], (Py_ssize_t)s->tt.n[REMOVED]);
}

static PyObject *spot_stack(SpotObject *s, void *closure)
{
    Pend frames[R_MAX_STACK];
    int count = s->stack == NULL ? 0 : stack_read(s->stack, s->nstack, frames);
    PyObject *stack = PyTuple_New(count);
    for (int i = 0; stack != NULL && i < count; i++) {
        const Pend *f = &frames[i];
        PyObject *waiting = PyTuple_New(f->nwait), *picks = PyTuple_New(f->npicks);
        for (int w = 0; waiting != NULL && w < f->nwait; w++)
            PyTuple_SET_ITEM(waiting, w, Py_BuildValue("(iiii)", f->wait[w].ability,
                                                       f->wait[w].source, f->wait[w].column,
                                                       f->wait[w].subject));
        for (int p = 0; picks != NULL && p < f->npicks; p++)
            PyTuple_SET_ITEM(picks, p, PyLong_FromLong(f->picks[p]));
        PyObject *flags = f->nested > 1 ? PyLong_FromLong(f->nested)  /* (a count: a number) */
            : Py_NewRef(f->nested ? Py_True : Py_False);
        PyObject *frame = waiting && picks && flags ? Py_BuildValue(
            "(iiiiiOOO)", f->program, f->pc, f->source, f->column, f->subject, waiting,
            flags, picks) : NULL;
        Py_XDECREF(flags);
        Py_XDECREF(waiting);
        Py_XDECREF(picks);
        if (frame == NULL || PyErr_Occurred()) {
            Py_XDECREF(frame);
            Py_CLEAR(stack);
            break;
        }
        PyTuple_SET_ITEM(stack, i, frame);
    }
    return stack;
}

/* A pick's offer, or None (a payment's: `RulesKernel.payment_parts`). */
static PyObject *spot_options(SpotObject *s, void *closure)
{
    if (s->decision < PICK_MONSTER)
        Py_RETURN_NONE;
    PyObject *options = PyList_New(s->nopts);
    for (int i = 0; options != NULL && i < s->nopts; i++)
        PyList_SET_ITEM(options, i, PyLong_FromLong(s->opts[i]));
    return options;
}

static PyMemberDef spot_members[] = {
    {"hand", T_ULONGLONG, offsetof(SpotObject, hand), READONLY, NULL},
    {"kings", T_ULONGLONG, offsetof(SpotObject, kings), READONLY, NULL},
    {"exhausted", T_ULONGLONG, offsetof(SpotObject, exhausted), READONLY, NULL},
    {"collected", T_ULONGLONG, offsetof(SpotObject, collected), READONLY, NULL},
    {"dungeon", T_ULONGLONG, offsetof(SpotObject, dungeon), READONLY, NULL},
    {"stream", T_ULONGLONG, offsetof(SpotObject, stream), READONLY, NULL},
    {"pending", T_INT, offsetof(SpotObject, pending), READONLY, NULL},
    {"decision", T_INT, offsetof(SpotObject, decision), READONLY, NULL},
    {NULL}
};

static PyGetSetDef spot_getset[] = {
    {"arsenal", (getter)spot_arsenal, NULL, NULL, NULL},
    {"deck", (getter)spot_deck, NULL, NULL, NULL},
    {"discard", (getter)spot_discard, NULL, NULL, NULL},
    {"attached", (getter)spot_attached, NULL, NULL, NULL},
    {"layout", (getter)spot_layout, NULL, NULL, NULL},
    {"columns", (getter)spot_columns, NULL, NULL, NULL},
    {"stack", (getter)spot_stack, NULL, NULL, NULL},
    {"tt", (getter)spot_tt, NULL, NULL, NULL},
    {"options", (getter)spot_options, NULL, NULL, NULL},
    {NULL}
};

static PyTypeObject SpotType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = CKERNEL_PATH ".Spot",
    .tp_basicsize = sizeof(SpotObject),
    .tp_dealloc = (destructor)spot_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A position of the C full-rules kernel (read-only fields, as `Spot`'s).",
    .tp_members = spot_members,
    .tp_getset = spot_getset,
};

static int check_spot(PyObject *spot)
{
    if (Py_TYPE(spot) != &SpotType) {
        PyErr_SetString(PyExc_TypeError, "a " CKERNEL_PATH ".Spot is expected");
        return 0;
    }
    return 1;
}

static int check_ready(RulesObject *k)
{
    if (!k->ready)
        PyErr_SetString(PyExc_RuntimeError, "the rules' tables are not set up yet");
    return k->ready;
}

static PyObject *rules_moves(RulesObject *k, PyObject *spot)
{
    if (!check_spot(spot) || !check_ready(k))
        return NULL;
    SpotObject *s = (SpotObject *)spot;
    if (s->decision == PAY || s->decision >= PICK_MONSTER) {  /* (offers of any length) */
        PyObject *list = PyList_New(s->nopts);
        for (int i = 0; list != NULL && i < s->nopts; i++)
            PyList_SET_ITEM(list, i, PyLong_FromLong(s->decision == PAY ? i : s->opts[i]));
        return list;
    }
    int found[R_MAX_MOVES];
    int count = spot_moves(k, s, found);
    PyObject *list = PyList_New(count);
    for (int i = 0; list != NULL && i < count; i++)
        PyList_SET_ITEM(list, i, PyLong_FromLong(found[i]));
    return list;
}

static PyObject *rules_child(RulesObject *k, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "child(spot, move)");
        return NULL;
    }
    if (!check_spot(args[0]) || !check_ready(k))
        return NULL;
    long move = PyLong_AsLong(args[1]);
    if (move == -1 && PyErr_Occurred())
        return NULL;
    return spot_child(k, (SpotObject *)args[0], move);
}

static PyObject *rules_key(RulesObject *k, PyObject *spot)
{
    if (!check_spot(spot) || !check_ready(k))
        return NULL;
    return spot_key(k, (SpotObject *)spot);
}

static PyObject *rules_won(RulesObject *k, PyObject *spot)
{
    if (!check_spot(spot) || !check_ready(k))
        return NULL;
    return PyBool_FromLong(spot_won(k, (SpotObject *)spot));
}

/* A payment's offer as (arsenal cards taken, hand cards, weapons, discard order) each. */
static PyObject *rules_payment_parts(RulesObject *k, PyObject *spot)
{
    if (!check_spot(spot))
        return NULL;
    SpotObject *s = (SpotObject *)spot;
    if (s->decision != PAY)
        Py_RETURN_NONE;
    PyObject *parts = PyList_New(s->nopts);
    for (int i = 0; parts != NULL && i < s->nopts; i++) {
        const RPay *p = &s->pays[i];
        PyObject *part = Py_BuildValue("(iKKy#)", p->core.taken,
                                       (unsigned long long)p->core.chosen,
                                       (unsigned long long)p->core.weapons,
                                       (const char *)p->order, (Py_ssize_t)p->norder);
        if (part == NULL) {
            Py_CLEAR(parts);
            break;
        }
        PyList_SET_ITEM(parts, i, part);
    }
    return parts;
}

static int read_zone(PyObject *source, uint8_t *into, int *count, int most)
{
    Py_buffer view;
    if (PyObject_GetBuffer(source, &view, PyBUF_SIMPLE) < 0)
        return -1;
    int ok = view.len <= most;
    if (ok) {
        memcpy(into, view.buf, view.len);
        *count = (int)view.len;
    } else {
        PyErr_SetString(PyExc_OverflowError, "a zone beyond the C kernel's sizes");
    }
    PyBuffer_Release(&view);
    return ok ? 0 : -1;
}

/* A Python `Pend` as a frame of the run. */
static int read_frame(PyObject *item, Pend *f)
{
    int program, pc, source, column, subject, nested;
    PyObject *waiting, *picks;
    if (!PyArg_ParseTuple(item, "iiiiiOiO", &program, &pc, &source, &column, &subject,
                          &waiting, &nested, &picks))
        return -1;
    Py_ssize_t nwait = PyTuple_Size(waiting), npicks = PyTuple_Size(picks);
    if (nwait < 0 || npicks < 0)
        return -1;
    if (nwait > R_MAX_WAIT || npicks > R_MAX_PICKS) {
        PyErr_SetString(PyExc_OverflowError, "a pending ability beyond the C kernel's sizes");
        return -1;
    }
    f->program = (int16_t)program;
    f->pc = (int16_t)pc;
    f->source = (int16_t)source;
    f->column = (int16_t)column;
    f->subject = (int16_t)subject;
    f->nested = (uint8_t)nested;
    f->nwait = (uint8_t)nwait;
    f->npicks = (uint8_t)npicks;
    for (Py_ssize_t w = 0; w < nwait; w++) {
        int a, s, c, x;
        if (!PyArg_ParseTuple(PyTuple_GET_ITEM(waiting, w), "iiii", &a, &s, &c, &x))
            return -1;
        f->wait[w] = (Trig){(int16_t)a, (int16_t)s, (int16_t)c, (int16_t)x};
    }
    for (Py_ssize_t p = 0; p < npicks; p++)
        f->picks[p] = (uint8_t)PyLong_AsLong(PyTuple_GET_ITEM(picks, p));
    return PyErr_Occurred() ? -1 : 0;
}

/* `RulesKernel.start` from the root's fields: where abilities are pending, the decision they
 * ask for (the step that asked runs again and asks again). */
static PyObject *rules_start(RulesObject *k, PyObject *args)
{
    PyObject *arsenal, *discard, *layout, *deck, *attached, *stack, *tt[3];
    unsigned long long hand, kings, exhausted, collected, dungeon, stream;
    if (!check_ready(k) ||
        !PyArg_ParseTuple(args, "OKOKKKKOOOKO!(OOO)", &arsenal, &hand, &discard, &kings,
                          &exhausted, &collected, &dungeon, &layout, &deck, &attached, &stream,
                          &PyTuple_Type, &stack, &tt[0], &tt[1], &tt[2]))
        return NULL;
    SpotObject *s = spot_new();
    if (s == NULL)
        return NULL;
    s->hand = hand;
    s->kings = kings;
    s->exhausted = exhausted;
    s->collected = collected;
    s->dungeon = dungeon;
    s->stream = stream;
    if (read_zone(arsenal, s->arsenal, &s->alen, MAX_CARDS) < 0 ||
        read_zone(discard, s->discard, &s->dlen, MAX_CARDS) < 0 ||
        read_zone(deck, s->deck, &s->klen, MAX_CARDS) < 0 ||
        read_zone(attached, s->attached, &s->natt, 4 * R_MAX_ATTACHED) < 0 ||
        read_zone(layout, s->layout, &s->nlayout, R_LAYOUT) < 0) {
        Py_DECREF(s);
        return NULL;
    }
    for (int zone = TRAPS; zone <= REMOVED; zone++) {
        int count;
        if (read_zone(tt[zone], s->tt.id[zone], &count, R_MAX_TT) < 0) {
            Py_DECREF(s);
            return NULL;
        }
        s->tt.n[zone] = (uint8_t)count;
    }
    if (s->tt.n[TRAPS] + s->tt.n[TREASURES] + s->tt.n[REMOVED] > R_MAX_TT) {
        Py_DECREF(s);
        PyErr_SetString(PyExc_OverflowError, "Traps & Treasures beyond the C kernel's sizes");
        return NULL;
    }
    Py_ssize_t frames = PyTuple_GET_SIZE(stack);
    if (!frames)
        return (PyObject *)s;
    if (frames > R_MAX_STACK) {
        Py_DECREF(s);
        PyErr_SetString(PyExc_OverflowError, "a stack beyond the C kernel's sizes");
        return NULL;
    }
    run_load(k, s);
    Py_DECREF(s);
    Run *r = &k->run;
    for (Py_ssize_t i = 0; i < frames; i++)
        if (read_frame(PyTuple_GET_ITEM(stack, i), &r->stack[i]) < 0)
            return NULL;
    r->nstack = (int)frames;
    if (resolve(k) < 0)
        return NULL;
    return (PyObject *)run_spot(k);
}

/* The rules' tables, as one list of numbers (solver/native.py, `rules_table`, writes it in this
 * order). */
typedef struct {
    PyObject *list;
    Py_ssize_t at, size;
} Numbers;

static long long next_number(Numbers *n, long long least, long long most)
{
    if (PyErr_Occurred())
        return 0;
    if (n->at >= n->size) {
        PyErr_SetString(PyExc_ValueError, "the rules' table ends early");
        return 0;
    }
    long long value = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(n->list, n->at++));
    if (!PyErr_Occurred() && (value < least || value > most))
        PyErr_Format(PyExc_OverflowError, "the rules' table: %lld beyond the C kernel's sizes",
                     value);
    return value;
}

#define R_ANY (1LL << 62)

static void read_stm(Numbers *n, Stm *stm)
{
    stm->blocked = (uint8_t)next_number(n, 0, 7);
    stm->no_weapons = (uint8_t)next_number(n, 0, 1);
    stm->ignored = (uint16_t)next_number(n, 0, (1 << R_EVENTS) - 1);
    stm->wild = (uint64_t)next_number(n, 0, R_ANY);
    stm->wild_weapons = (uint64_t)next_number(n, 0, R_ANY);
}

static void read_programs(RulesObject *k, Numbers *n)
{
    for (int p = 0; p < k->nprograms && !PyErr_Occurred(); p++) {
        k->nsteps[p] = (int)next_number(n, 0, R_MAX_STEPS - 1);
        for (int i = 0; i < k->nsteps[p]; i++) {
            k->op[p][i] = (int)next_number(n, 0, S_ATTACH_FIRST_DEALT);
            k->arg[p][i] = next_number(n, -1, R_ANY);
        }
        k->op[p][k->nsteps[p]] = -1;  /* (a may's first step is always there: never read) */
        k->signature[p] = (int)next_number(n, -1, R_ANY);
        k->trigger_kind[p] = (int)next_number(n, -1, R_EVENTS - 1);
        k->filter_value[p] = (int)next_number(n, -1, 255);
        k->filter_suit[p] = (int)next_number(n, -1, 3);
    }
}

static void read_monsters(RulesObject *k, Numbers *n)
{
    for (int m = 0; m < k->core.monsters && !PyErr_Occurred(); m++) {
        for (int face_ = 0; face_ < 2; face_++) {
            k->nloot[m][face_] = (int)next_number(n, 0, R_MAX_ABIL);
            for (int i = 0; i < k->nloot[m][face_]; i++)
                k->loot[m][face_][i] = (int16_t)next_number(n, 0, k->nprograms - 1);
        }
        k->trophy[m] = (uint8_t)next_number(n, 0, 1);
        k->nstatic[m] = (int)next_number(n, 0, R_MAX_STATICS);
        for (int i = 0; i < k->nstatic[m]; i++) {
            read_stm(n, &k->king_stm[m][i]);
            k->stm_collected[m][i] = (uint8_t)next_number(n, 0, 1);
        }
    }
}

static void read_events(RulesObject *k, Numbers *n)
{
    for (int e = 0; e < R_EVENTS && !PyErr_Occurred(); e++) {
        k->nhero[e] = (int)next_number(n, 0, R_MAX_ABIL);
        for (int i = 0; i < k->nhero[e]; i++) {
            k->hero_id[e][i] = (int16_t)next_number(n, 0, k->nprograms - 1);
            k->hero_king_only[e][i] = (uint8_t)next_number(n, 0, 1);
        }
        k->king_events[e] = (uint64_t)next_number(n, 0, R_ANY);
        for (int m = 0; m < k->core.monsters; m++) {
            k->nking[e][m] = (int)next_number(n, 0, R_MAX_ABIL);
            for (int i = 0; i < k->nking[e][m]; i++) {
                k->king_id[e][m][i] = (int16_t)next_number(n, 0, k->nprograms - 1);
                k->king_collected[e][m][i] = (uint8_t)next_number(n, 0, 1);
                k->king_king_only[e][m][i] = (uint8_t)next_number(n, 0, 1);
            }
        }
    }
}

/* Each face's weapon choices when its weapons match any suit: the suits of each combination. */
static void read_wild_choices(RulesObject *k, Numbers *n)
{
    for (int f = 0; f < 2 * k->core.monsters && !PyErr_Occurred(); f++) {
        k->nwild_choice[f] = (int)next_number(n, 0, R_MAX_WILD_CHOICES);
        for (int c = 0; c < k->nwild_choice[f]; c++) {
            k->wild_choice_len[f][c] = (uint8_t)next_number(n, 0, 2);
            for (int j = 0; j < k->wild_choice_len[f][c]; j++)
                k->wild_choice[f][c][j] = (uint8_t)next_number(n, 0, 3);
        }
    }
}

static PyObject *rules_setup(RulesObject *k, PyObject *table)
{
    Numbers n = {PySequence_Fast(table, "the rules' table"), 0, 0};
    if (n.list == NULL)
        return NULL;
    n.size = PySequence_Fast_GET_SIZE(n.list);
    k->ready = 0;
    k->nprograms = (int)next_number(&n, 0, R_MAX_PROGRAMS);
    k->king_flip = (int)next_number(&n, 0, R_MAX_PROGRAMS - 1);
    k->shuffles = (int)next_number(&n, 0, 1);
    k->mask_width = (int)next_number(&n, 1, 64);
    k->order_read = (int)next_number(&n, 0, 1);
    k->order_always = (int)next_number(&n, 0, 1);
    k->order_monsters = (uint64_t)next_number(&n, 0, R_ANY);
    k->order_kings = (uint64_t)next_number(&n, 0, R_ANY);
    k->static_kings = (uint64_t)next_number(&n, 0, R_ANY);
    read_stm(&n, &k->hero_stm);
    read_programs(k, &n);
    read_monsters(k, &n);
    read_events(k, &n);
    read_wild_choices(k, &n);
    k->ntypes = (int)next_number(&n, 0, MAX_MONSTERS);
    for (int t = 0; t < k->ntypes; t++)
        k->type_mask[t] = (uint64_t)next_number(&n, 0, R_ANY);
    k->looting = 0;
    for (int m = 0; m < k->core.monsters; m++)
        if (k->nloot[m][0])
            k->looting |= 1ULL << m;
    for (int c = 0; c < k->core.cards; c++)
        k->value[c] = (uint8_t)next_number(&n, 0, 255);
    k->guided = (int)next_number(&n, 0, 1);
    for (int m = 0; m < k->core.monsters; m++)
        k->monster_type[m] = (uint8_t)next_number(&n, 0, k->ntypes ? k->ntypes - 1 : 0);
    k->with_tt = (int)next_number(&n, 0, 1);
    k->ntt = (int)next_number(&n, 0, R_MAX_TT);
    for (int t = 0; t < k->ntt; t++) {
        k->tt_type[t] = (uint64_t)next_number(&n, 0, R_ANY);
        k->trap_program[t] = (int16_t)next_number(&n, 0, R_MAX_PROGRAMS - 1);
        k->treasure_program[t] = (int16_t)next_number(&n, 0, R_MAX_PROGRAMS - 1);
        k->order_tt[t] = (uint8_t)next_number(&n, 0, 1);
    }
    for (int suit = 0; suit < 4; suit++)
        k->first_dealt[suit] = (int)next_number(&n, -1, k->core.cards - 1);
    if (!PyErr_Occurred() && n.at != n.size)
        PyErr_SetString(PyExc_ValueError, "the rules' table is longer than read");
    Py_DECREF(n.list);
    if (PyErr_Occurred())
        return NULL;
    k->ready = 1;
    Py_RETURN_NONE;
}


/* ------------------------------------------------------------------ the loop in C */

/* `KernelDepthFirst`'s search (solver/kernel.py) on this kernel, as an object the portfolio
 * resumes turn after turn (solver/native.py, `NativeDepthFirst`): the same steps in the same
 * order, so the same positions, verdicts and lines, and the same table of keys, kept here as
 * `GenerationalTable` keeps it (solver/table.py): two generations of at most `generation` keys
 * each, the newer one started with the keys of the positions on the stack, which are never
 * forgotten; no cap when `generation` is negative. */

/* A position on the stack: its key and its moves (an offer's are read off the position). */
typedef struct {
    SpotObject *spot;  /* owned */
    PyObject *key;     /* owned */
    int via, count, next;
    int moves[R_MAX_MOVES];
} RFrame;

typedef struct {
    PyObject_HEAD
    RulesObject *kernel;      /* owned */
    SpotObject *root, *far;   /* owned: the start, and the position with the most collected */
    RFrame *stack;
    Py_ssize_t depth, room, states, generation, shared, evicted;
    Py_ssize_t fail_at;       /* (tests: fail as a position beyond the sizes would, here) */
    PyObject *current, *old;  /* owned: the table's generations, sets of keys */
    PyObject *line;           /* owned once won: the won line's (position, move) steps */
    int started, status;      /* status: SEARCHING, WON or UNWINNABLE */
} DfsObject;

enum { SEARCHING, WON, UNWINNABLE };

static PyTypeObject DfsType;

static int dfs_push(DfsObject *s, SpotObject *spot, PyObject *key, int via)
{
    if (s->depth == s->room) {
        Py_ssize_t room = s->room ? s->room * 2 : 64;
        RFrame *grown = PyMem_Realloc(s->stack, sizeof(RFrame) * room);
        if (grown == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        s->stack = grown;
        s->room = room;
    }
    RFrame *f = &s->stack[s->depth++];
    f->spot = spot;
    f->key = key;
    f->via = via;
    f->next = 0;
    f->count = spot->decision == PAY || spot->decision >= PICK_MONSTER ? spot->nopts
        : spot_moves(s->kernel, spot, f->moves);
    return 0;
}

static void dfs_pop(DfsObject *s)
{
    RFrame *f = &s->stack[--s->depth];
    Py_DECREF(f->spot);
    Py_DECREF(f->key);
}

/* `GenerationalTable._rotate`: the older generation goes, the newer one becomes old, and the
 * stack's keys start the new one. */
static int table_rotate(DfsObject *s)
{
    PyObject *fresh = PySet_New(NULL);
    if (fresh == NULL)
        return -1;
    Py_ssize_t shared = 0;
    for (Py_ssize_t i = 0; i < s->depth; i++) {
        PyObject *key = s->stack[i].key;
        int held = PySet_Contains(s->current, key);
        if (held < 0 || PySet_Add(fresh, key) < 0) {
            Py_DECREF(fresh);
            return -1;
        }
        shared += held;
    }
    s->evicted += PySet_GET_SIZE(s->old) - s->shared;
    Py_SETREF(s->old, s->current);
    s->current = fresh;
    s->shared = shared;
    return 0;
}

/* `GenerationalTable.insert`: 1 when the key is new (it is then held), 0 when the table holds
 * it (a key of the older generation moves up), -1 on an error. */
static int table_insert(DfsObject *s, PyObject *key)
{
    Py_ssize_t size = PySet_GET_SIZE(s->current);
    int held;
    if (s->generation >= 0 && size >= s->generation) {
        if ((held = PySet_Contains(s->current, key)) != 0)
            return held < 0 ? -1 : 0;
        if (PySet_GET_SIZE(s->old) && (held = PySet_Contains(s->old, key)) != 0) {
            if (held < 0 || PySet_Add(s->current, key) < 0)
                return -1;
            s->shared++;
            return 0;
        }
        if (table_rotate(s) < 0)
            return -1;
        return PySet_Add(s->current, key) < 0 ? -1 : 1;
    }
    if (PySet_Add(s->current, key) < 0)
        return -1;
    if (PySet_GET_SIZE(s->current) == size)
        return 0;
    if (PySet_GET_SIZE(s->old) && (held = PySet_Contains(s->old, key)) != 0) {
        if (held < 0)
            return -1;
        s->shared++;
        return 0;
    }
    return 1;
}

/* The won line: each stacked position with the move played from it, the last one `last`. */
static PyObject *dfs_line(const DfsObject *s, int last)
{
    PyObject *line = PyList_New(s->depth);
    for (Py_ssize_t i = 0; line != NULL && i < s->depth; i++) {
        int move = i + 1 < s->depth ? s->stack[i + 1].via : last;
        PyObject *step = Py_BuildValue("(Oi)", (PyObject *)s->stack[i].spot, move);
        if (step == NULL) {
            Py_CLEAR(line);
            break;
        }
        PyList_SET_ITEM(line, i, step);
    }
    return line;
}

static inline int frame_move(const RFrame *f)
{
    const SpotObject *spot = f->spot;
    if (spot->decision == PAY)
        return f->next;
    if (spot->decision >= PICK_MONSTER)
        return spot->opts[f->next];
    return f->moves[f->next];
}

static void dfs_far(DfsObject *s, SpotObject *spot)
{
    if (spot->collected != s->far->collected &&
        popcount(spot->collected) > popcount(s->far->collected)) {
        Py_INCREF(spot);
        Py_SETREF(s->far, spot);
    }
}

/* One step of `KernelDepthFirst._explore`'s loop: 0 to go on, 1 when won, -1 on an error. */
static int dfs_step(DfsObject *s)
{
    RulesObject *k = s->kernel;
    RFrame *f = &s->stack[s->depth - 1];
    if (f->next == f->count) {
        dfs_pop(s);
        return 0;
    }
    int move = frame_move(f);
    f->next++;
    SpotObject *next = (SpotObject *)spot_child(k, f->spot, move);
    if (next == NULL)
        return -1;
    PyObject *key = spot_key(k, next);
    int added = key == NULL ? -1 : table_insert(s, key);
    if (added <= 0) {
        Py_XDECREF(key);
        Py_DECREF(next);
        return added;
    }
    s->states++;
    dfs_far(s, next);
    if (spot_won(k, next)) {
        Py_DECREF(key);
        Py_DECREF(next);
        s->line = dfs_line(s, move);
        return s->line == NULL ? -1 : 1;
    }
    if (dfs_push(s, next, key, move) < 0) {
        Py_DECREF(key);
        Py_DECREF(next);
        return -1;
    }
    return 0;
}

/* `KernelDepthFirst.start`'s checks of the start position: 0 to go on, 1 when it is won. */
static int dfs_start(DfsObject *s)
{
    RulesObject *k = s->kernel;
    s->started = 1;
    if (spot_won(k, s->root)) {
        s->line = PyList_New(0);
        return s->line == NULL ? -1 : 1;
    }
    PyObject *key = spot_key(k, s->root);
    if (key == NULL || table_insert(s, key) < 0) {
        Py_XDECREF(key);
        return -1;
    }
    s->states++;
    Py_INCREF(s->root);
    if (dfs_push(s, s->root, key, -1) < 0) {
        Py_DECREF(s->root);
        Py_DECREF(key);
        return -1;
    }
    return 0;
}

static PyObject *status_name(int status)
{
    if (status == WON)
        return PyUnicode_FromString("won");
    if (status == UNWINNABLE)
        return PyUnicode_FromString("unwinnable");
    Py_RETURN_NONE;
}

/* run(limit, resumed): search on until `limit` positions are counted (checked before each
 * step, the first one of a resumed turn excepted, as `KernelDepthFirst._explore`) or there is
 * a verdict: None, "won" or "unwinnable". */
static PyObject *dfs_run(DfsObject *s, PyObject *args)
{
    Py_ssize_t limit;
    int resumed;
    if (!PyArg_ParseTuple(args, "np", &limit, &resumed))
        return NULL;
    if (s->status != SEARCHING)
        return status_name(s->status);
    int outcome = 0, check = !resumed;
    if (!s->started) {
        outcome = dfs_start(s);
        check = 1;
    }
    /* (the test's failure stops the loop as the limit does: nothing more in it) */
    int failing = s->fail_at >= 0 && s->fail_at <= limit;
    Py_ssize_t stop = failing ? s->fail_at : limit;
    while (outcome == 0 && s->depth) {
        if (check && s->states >= stop) {
            if (!failing)
                Py_RETURN_NONE;
            PyErr_SetString(PyExc_OverflowError, "a position beyond the C kernel's sizes "
                            "(as asked: fail_at)");
            return NULL;
        }
        check = 1;
        outcome = dfs_step(s);
    }
    if (outcome < 0)
        return NULL;
    s->status = outcome == 1 ? WON : UNWINNABLE;
    while (s->depth)  /* (the stack is no longer needed) */
        dfs_pop(s);
    return status_name(s->status);
}

static PyObject *dfs_get_line(DfsObject *s, void *closure)
{
    if (s->line == NULL)
        Py_RETURN_NONE;
    return Py_NewRef(s->line);
}

static PyObject *dfs_get_size(DfsObject *s, void *closure)
{
    return PyLong_FromSsize_t(PySet_GET_SIZE(s->current) + PySet_GET_SIZE(s->old));
}

static void dfs_dealloc(DfsObject *s)
{
    while (s->depth)
        dfs_pop(s);
    PyMem_Free(s->stack);
    Py_XDECREF(s->kernel);
    Py_XDECREF(s->root);
    Py_XDECREF(s->far);
    Py_XDECREF(s->current);
    Py_XDECREF(s->old);
    Py_XDECREF(s->line);
    Py_TYPE(s)->tp_free((PyObject *)s);
}

static PyMethodDef dfs_methods[] = {
    {"run", (PyCFunction)dfs_run, METH_VARARGS,
     "run(limit, resumed): search until `limit` positions are counted or there is a verdict; "
     "None, 'won' or 'unwinnable'."},
    {NULL}
};

static PyMemberDef dfs_members[] = {
    {"states", T_PYSSIZET, offsetof(DfsObject, states), READONLY, "Positions counted."},
    {"evicted", T_PYSSIZET, offsetof(DfsObject, evicted), READONLY,
     "Keys the table has forgotten."},
    {"far", T_OBJECT, offsetof(DfsObject, far), READONLY,
     "The position with the most monsters collected so far."},
    {"depth", T_PYSSIZET, offsetof(DfsObject, depth), READONLY,
     "Positions on the stack."},
    {NULL}
};

static PyGetSetDef dfs_getset[] = {
    {"line", (getter)dfs_get_line, NULL, "The won line's (position, move) steps, or None.",
     NULL},
    {"size", (getter)dfs_get_size, NULL, "Keys the table holds.", NULL},
    {NULL}
};

static PyTypeObject DfsType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = CKERNEL_PATH ".Search",
    .tp_basicsize = sizeof(DfsObject),
    .tp_dealloc = (destructor)dfs_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A resumable depth-first search on a C full-rules kernel (`RulesKernel.search`).",
    .tp_methods = dfs_methods,
    .tp_members = dfs_members,
    .tp_getset = dfs_getset,
};

/* search(root, capacity, fail_at=-1): a depth-first search from `root` whose table holds at
 * most `capacity` keys (None: no cap), as `GenerationalTable(capacity)`; for tests, it fails
 * once `fail_at` positions are counted as it would at a position beyond its sizes. */
static PyObject *rules_search(RulesObject *k, PyObject *args)
{
    SpotObject *root;
    PyObject *capacity;
    Py_ssize_t fail_at = -1;
    if (!check_ready(k) ||
        !PyArg_ParseTuple(args, "O!O|n", &SpotType, &root, &capacity, &fail_at))
        return NULL;
    Py_ssize_t generation = -1;
    if (capacity != Py_None) {
        Py_ssize_t keys = PyLong_AsSsize_t(capacity);
        if (keys == -1 && PyErr_Occurred())
            return NULL;
        generation = keys / 2 > 1 ? keys / 2 : 1;
    }
    DfsObject *s = PyObject_New(DfsObject, &DfsType);
    if (s == NULL)
        return NULL;
    s->kernel = (RulesObject *)Py_NewRef(k);
    s->root = (SpotObject *)Py_NewRef(root);
    s->far = (SpotObject *)Py_NewRef(root);
    s->stack = NULL;
    s->depth = s->room = s->states = s->shared = s->evicted = 0;
    s->generation = generation;
    s->fail_at = fail_at;
    s->line = NULL;
    s->started = 0;
    s->status = SEARCHING;
    s->current = PySet_New(NULL);
    s->old = PySet_New(NULL);
    if (s->current == NULL || s->old == NULL) {
        Py_DECREF(s);
        return NULL;
    }
    return (PyObject *)s;
}

static void rules_dealloc(RulesObject *k)
{
    PyMem_Free(k->run.pays);
    PyMem_Free(k->canon);
    kernel_dealloc(&k->core);
}

static PyMethodDef rules_methods[] = {
    {"moves", (PyCFunction)rules_moves, METH_O,
     "The moves to try, in the engine's order (a payment's as indexes)."},
    {"child", (PyCFunction)(void (*)(void))rules_child, METH_FASTCALL,
     "The position after a move."},
    {"key", (PyCFunction)rules_key, METH_O, "The position's key: the Python kernel's bytes."},
    {"won", (PyCFunction)rules_won, METH_O, "Whether the prey is complete, nothing pending."},
    {"payment_parts", (PyCFunction)rules_payment_parts, METH_O,
     "A payment's offer as (arsenal cards taken, hand mask, weapons mask, discard order), or "
     "None."},
    {"setup", (PyCFunction)rules_setup, METH_O,
     "Read the rules' tables (solver/native.py, `rules_table`)."},
    {"search", (PyCFunction)rules_search, METH_VARARGS,
     "search(root, capacity, fail_at=-1): a resumable depth-first search from `root` (a "
     "`Search`), its table capped at `capacity` keys (None: no cap); it fails as at a position "
     "beyond the C kernel's sizes once `fail_at` positions are counted (for tests)."},
    {"start_from", (PyCFunction)rules_start, METH_VARARGS,
     "start_from(arsenal, hand, discard, kings, exhausted, collected, dungeon, layout, deck, "
     "attached, stream, stack, (traps, treasures, removed)): the root position, pending "
     "abilities resolved until a decision."},
    {NULL}
};

static PyTypeObject RulesType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = CKERNEL_PATH ".RulesKernel",
    .tp_basicsize = sizeof(RulesObject),
    .tp_dealloc = (destructor)rules_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "The full-rules kernel in C: the core tables as `Kernel`'s, then `setup`.",
    .tp_methods = rules_methods,
    .tp_base = &KernelType,
};
