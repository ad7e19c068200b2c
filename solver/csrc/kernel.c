/* The search kernels in C: the core-rules kernel (solver/kernel.py, `Kernel`) and its
 * full-rules slice (solver/trigger_kernel.py, `TriggerKernel`) here, the full-rules kernel
 * (solver/rules_kernel.py, `RulesKernel`) in rules.c, which this file includes. Built as the
 * optional extension `dungeoneer.solver._ckernel` (setup.py); solver/native.py drives it, and
 * benchmarks/native/ builds it on its own (as `ckernel`) to measure it.
 *
 * The Python side reads the deal's tables off a Python kernel and hands them to
 * `Kernel.__init__`; this file does only the per-position work: moves, children,
 * keys, the won test. A position is a fixed-size record (masks of at most 64 cards and 64
 * monsters, byte arrays for the arsenal and the discard pile); a pending payment's moves are
 * indexes into the payments the position keeps, where the Python kernel's are payment codes
 * (the search loop only hands them back). Keys are byte strings laid out differently from
 * the Python kernel's, but two positions get equal keys exactly when theirs are equal: each
 * layout starts with a tag byte and a fixed-width part, so the variable parts' lengths are
 * known and no two layouts meet.
 *
 * One thing the built-in cards never exercise is asked of the Python kernel: the hand choices
 * of a suit whose hand cards are of several classes. */

#define PY_SSIZE_T_CLEAN

/* The module's name: the package's extension unless the build names it otherwise. */
#ifndef CKERNEL_NAME
#define CKERNEL_NAME _ckernel
#define CKERNEL_PATH "dungeoneer.solver._ckernel"
#endif
#define CKERNEL_JOIN_(a, b) a##b
#define CKERNEL_JOIN(a, b) CKERNEL_JOIN_(a, b)
#include <Python.h>
#include <structmember.h>
#include <stdint.h>
#include <string.h>

#define MAX_CARDS 64
#define MAX_MONSTERS 64
#define MAX_COLUMNS 12   /* 5 bits a column in one 64-bit word */
#define MAX_DECK 255
#define MAX_PREY 8
#define MAX_BATCH 16
#define MAX_LOOT 4
#define MAX_PROGRAMS 256
#define MAX_STEPS 8
#define MAX_CHOICES 4
#define DEAL (-1)
#define HAND_SHIFT 6
#define DRAW_STEP 0
#define YES_MOVE 1
#define NO_MOVE 0
#define COVERS_SLOTS (1 << 17)
#define COVERS_KEPT 65536

typedef struct {
    uint64_t chosen;   /* hand cards */
    uint64_t weapons;  /* weapons exhausted */
    uint8_t taken;     /* arsenal cards, from the front */
} Payment;

typedef struct {
    PyObject_HEAD
    uint64_t hand, kings, exhausted, collected, dungeon, depths;
    int dealt, pending;
    long long frame;            /* the ability waiting for a yes or a no, or -1 */
    int alen, dlen, nbatch;
    Py_ssize_t npay;
    Payment *pays;              /* owned: a pending attack's payments */
    int32_t batch[MAX_BATCH];
    uint8_t arsenal[MAX_CARDS]; /* the front last */
    uint8_t discard[MAX_CARDS]; /* the bottom first */
} NodeObject;

typedef struct {
    uint8_t u[4];
    uint64_t used;
    long uses;
} Cover;

typedef struct {
    uint64_t ready, ready_kings;
    uint32_t defense;       /* the four suits, a byte each; 0: the slot is free */
    int count;
    Cover *covers;
} CoverSlot;

typedef struct {
    PyObject_HEAD
    PyObject *py;           /* the Python kernel the tables came from */
    int slice;              /* 1: the slice's pending abilities are played */
    int cards, monsters, ncols, decklen;
    int depth_bytes, monster_bytes, card_bytes;
    uint8_t suit[MAX_CARDS];
    uint8_t cls[256];
    uint8_t first[MAX_CARDS];
    uint8_t defense[2 * MAX_MONSTERS][4];
    uint8_t arms[2 * MAX_MONSTERS][4];
    int nchoice[2 * MAX_MONSTERS];  /* each face's weapon: the suit combinations it matches */
    int choice_len[2 * MAX_MONSTERS][MAX_CHOICES];
    int choice[2 * MAX_MONSTERS][MAX_CHOICES][2];
    uint64_t kind_mask[MAX_MONSTERS];
    uint8_t columns[MAX_COLUMNS][32];
    uint8_t deck[MAX_DECK + 1];
    int nprey;
    int prey_kind[MAX_PREY];
    int prey_need[MAX_PREY];
    uint64_t prey_mask[MAX_PREY];
    uint64_t suit_mask[4];
    /* the slice */
    int king_flip;
    int nloot[2 * MAX_MONSTERS];
    int loot[2 * MAX_MONSTERS][MAX_LOOT];
    int nsteps[MAX_PROGRAMS];
    int step_op[MAX_PROGRAMS][MAX_STEPS];
    int step_arg[MAX_PROGRAMS][MAX_STEPS];
    int signature[MAX_PROGRAMS];
    /* scratch and caches */
    Payment *scratch;
    Py_ssize_t scratch_size;
    CoverSlot *slots;
    int slots_used;
} KernelObject;

static PyTypeObject NodeType;

/* ------------------------------------------------------------------ bits */

static inline int popcount(uint64_t x) { return __builtin_popcountll(x); }
static inline int lowest_bit(uint64_t x) { return __builtin_ctzll(x); }
static inline int highest_bit(uint64_t x) { return 63 - __builtin_clzll(x); }

static inline uint64_t lowest_of(uint64_t cards, int count)
{
    uint64_t found = 0;
    while (count-- > 0) {
        uint64_t low = cards & (~cards + 1);
        found |= low;
        cards ^= low;
    }
    return found;
}

static inline int face(uint64_t kings, int monster)
{
    return 2 * monster + (int)((kings >> monster) & 1);
}

static inline int depth_of(const NodeObject *n, int column)
{
    return (int)((n->depths >> (5 * column)) & 31);
}

static inline int front(const KernelObject *k, const NodeObject *n, int column)
{
    return k->columns[column][depth_of(n, column) - 1];
}

/* ------------------------------------------------------------------ nodes */

static NodeObject *node_new(void)
{
    NodeObject *n = PyObject_Malloc(sizeof(NodeObject));
    if (n == NULL)
        return (NodeObject *)PyErr_NoMemory();
    PyObject_Init((PyObject *)n, &NodeType);
    n->pays = NULL;
    n->npay = 0;
    return n;
}

/* A copy of a position's fields, without its payments: the start of every child. */
static NodeObject *node_copy(const NodeObject *p)
{
    NodeObject *n = node_new();
    if (n == NULL)
        return NULL;
    n->hand = p->hand;
    n->kings = p->kings;
    n->exhausted = p->exhausted;
    n->collected = p->collected;
    n->dungeon = p->dungeon;
    n->depths = p->depths;
    n->dealt = p->dealt;
    n->pending = -1;
    n->frame = -1;
    n->nbatch = 0;
    n->alen = p->alen;
    n->dlen = p->dlen;
    memcpy(n->arsenal, p->arsenal, p->alen);
    memcpy(n->discard, p->discard, p->dlen);
    return n;
}

static void node_dealloc(NodeObject *n)
{
    PyMem_Free(n->pays);
    PyObject_Free(n);
}

static PyObject *node_arsenal(NodeObject *n, void *closure)
{
    return PyBytes_FromStringAndSize((const char *)n->arsenal, n->alen);
}

static PyObject *node_discard(NodeObject *n, void *closure)
{
    return PyBytes_FromStringAndSize((const char *)n->discard, n->dlen);
}

static PyObject *node_batch(NodeObject *n, void *closure)
{
    PyObject *batch = PyTuple_New(n->nbatch);
    if (batch == NULL)
        return NULL;
    for (int i = 0; i < n->nbatch; i++)
        PyTuple_SET_ITEM(batch, i, PyLong_FromLong(n->batch[i]));
    return batch;
}

/* The pending payments as the Python kernel's codes (`kernel.HAND_SHIFT`), or None. */
static PyObject *node_payment_codes(NodeObject *n, int card_count)
{
    if (n->pending < 0)
        Py_RETURN_NONE;
    PyObject *codes = PyList_New(n->npay);
    if (codes == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < n->npay; i++) {
        PyObject *code = PyLong_FromUnsignedLongLong(n->pays[i].weapons);
        PyObject *shift = PyLong_FromLong(HAND_SHIFT + card_count);
        PyObject *high = code && shift ? PyNumber_Lshift(code, shift) : NULL;
        Py_XDECREF(code);
        Py_XDECREF(shift);
        PyObject *low = PyLong_FromUnsignedLongLong(
            (n->pays[i].chosen << HAND_SHIFT) | n->pays[i].taken);
        PyObject *sum = high && low ? PyNumber_Or(high, low) : NULL;
        Py_XDECREF(high);
        Py_XDECREF(low);
        if (sum == NULL) {
            Py_DECREF(codes);
            return NULL;
        }
        PyList_SET_ITEM(codes, i, sum);
    }
    return codes;
}

static PyMemberDef node_members[] = {
    {"hand", T_ULONGLONG, offsetof(NodeObject, hand), READONLY, NULL},
    {"kings", T_ULONGLONG, offsetof(NodeObject, kings), READONLY, NULL},
    {"exhausted", T_ULONGLONG, offsetof(NodeObject, exhausted), READONLY, NULL},
    {"collected", T_ULONGLONG, offsetof(NodeObject, collected), READONLY, NULL},
    {"dungeon", T_ULONGLONG, offsetof(NodeObject, dungeon), READONLY, NULL},
    {"depths", T_ULONGLONG, offsetof(NodeObject, depths), READONLY, NULL},
    {"dealt", T_INT, offsetof(NodeObject, dealt), READONLY, NULL},
    {"pending", T_INT, offsetof(NodeObject, pending), READONLY, NULL},
    {"frame", T_LONGLONG, offsetof(NodeObject, frame), READONLY, NULL},
    {NULL}
};

static PyGetSetDef node_getset[] = {
    {"arsenal", (getter)node_arsenal, NULL, NULL, NULL},
    {"discard", (getter)node_discard, NULL, NULL, NULL},
    {"batch", (getter)node_batch, NULL, NULL, NULL},
    {NULL}
};

static PyTypeObject NodeType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = CKERNEL_PATH ".Node",
    .tp_basicsize = sizeof(NodeObject),
    .tp_dealloc = (destructor)node_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A position of the C kernel (read-only fields, as the Python kernel's Node).",
    .tp_members = node_members,
    .tp_getset = node_getset,
};

/* ------------------------------------------------------------------ weapon uses */

static void covers_clear(KernelObject *k)
{
    for (int i = 0; i < COVERS_SLOTS; i++) {
        if (k->slots[i].defense) {
            PyMem_Free(k->slots[i].covers);
            k->slots[i].defense = 0;
        }
    }
    k->slots_used = 0;
}

/* Covers found so far while walking the weapons, one per suits matched and weapons used. */
typedef struct {
    Cover *covers;
    int count, room;
} CoverList;

static int cover_add(CoverList *list, const int used[4], uint64_t weapons)
{
    for (int i = 0; i < list->count; i++) {  /* two Kings' suits swapped: the same cover */
        Cover *c = &list->covers[i];
        if (c->used == weapons && c->u[0] == used[0] && c->u[1] == used[1] &&
            c->u[2] == used[2] && c->u[3] == used[3]) {
            c->uses++;
            return 0;
        }
    }
    if (list->count == list->room) {
        int room = list->room ? list->room * 2 : 8;
        Cover *grown = PyMem_Realloc(list->covers, sizeof(Cover) * room);
        if (grown == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        list->covers = grown;
        list->room = room;
    }
    Cover *c = &list->covers[list->count++];
    for (int s = 0; s < 4; s++)
        c->u[s] = (uint8_t)used[s];
    c->used = weapons;
    c->uses = 1;
    return 0;
}

/* The engine's `_walk_weapons`: weapon i left unused first, then each suit combination it can
 * match that the defense still needs, in its order; every way to the end is a cover. */
static int walk_weapons(const KernelObject *k, const int *faces, int nweapons, const int d[4],
                        int i, const int used[4], uint64_t weapons, CoverList *list)
{
    if (i == nweapons)
        return cover_add(list, used, weapons);
    if (walk_weapons(k, faces, nweapons, d, i + 1, used, weapons, list) < 0)
        return -1;
    int f = faces[i];
    for (int c = 0; c < k->nchoice[f]; c++) {
        int trial[4] = {used[0], used[1], used[2], used[3]};
        int ok = 1;
        for (int j = 0; ok && j < k->choice_len[f][c]; j++) {
            int suit = k->choice[f][c][j];
            ok = ++trial[suit] <= d[suit];
        }
        if (ok && walk_weapons(k, faces, nweapons, d, i + 1, trial,
                               weapons | 1ULL << (f / 2), list) < 0)
            return -1;
    }
    return 0;
}

/* `Kernel.weapon_covers` worked out for these ready weapons and this defense. */
static int covers_compute(const KernelObject *k, uint64_t ready, uint64_t kings, const int d[4],
                          CoverSlot *slot)
{
    int faces[MAX_MONSTERS];
    int nweapons = 0;
    for (uint64_t rest = ready; rest; rest &= rest - 1)
        faces[nweapons++] = face(kings, lowest_bit(rest));
    CoverList list = {NULL, 0, 0};
    int none[4] = {0, 0, 0, 0};
    if (walk_weapons(k, faces, nweapons, d, 0, none, 0, &list) < 0) {
        PyMem_Free(list.covers);
        return -1;
    }
    slot->covers = list.covers;
    slot->count = list.count;
    return 0;
}

/* The weapon uses within a defense (`Kernel.weapon_covers`), kept by the ready weapons, the
 * faces they show and the defense, in an open-addressed table that starts again when full. */
static CoverSlot *weapon_covers(KernelObject *k, uint64_t ready, uint64_t kings, const int d[4])
{
    uint64_t ready_kings = ready & kings;
    uint32_t defense = (uint32_t)(d[0] | d[1] << 8 | d[2] << 16 | d[3] << 24) ;
    uint64_t h = ready * 0x9E3779B97F4A7C15ULL ^ (ready_kings + 0x632BE59BD9B4E019ULL) *
        0xC2B2AE3D27D4EB4FULL ^ (uint64_t)defense * 0x165667B19E3779F9ULL;
    h ^= h >> 29;
    size_t i = (size_t)(h & (COVERS_SLOTS - 1));
    uint32_t tagged = defense | 0x80000000u;  /* below 16 a suit: bit 31 marks a slot taken */
    while (k->slots[i].defense) {
        CoverSlot *slot = &k->slots[i];
        if (slot->defense == tagged && slot->ready == ready && slot->ready_kings == ready_kings)
            return slot;
        i = (i + 1) & (COVERS_SLOTS - 1);
    }
    if (k->slots_used >= COVERS_KEPT) {
        covers_clear(k);
        return weapon_covers(k, ready, kings, d);
    }
    CoverSlot *slot = &k->slots[i];
    if (covers_compute(k, ready, kings, d, slot) < 0)
        return NULL;
    slot->ready = ready;
    slot->ready_kings = ready_kings;
    slot->defense = tagged;
    k->slots_used++;
    return slot;
}

/* ------------------------------------------------------------------ payments */

static int scratch_push(KernelObject *k, Py_ssize_t *count, uint8_t taken, uint64_t chosen,
                        uint64_t weapons)
{
    if (*count == k->scratch_size) {
        Py_ssize_t size = k->scratch_size * 2;
        Payment *grown = PyMem_Realloc(k->scratch, sizeof(Payment) * size);
        if (grown == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        k->scratch = grown;
        k->scratch_size = size;
    }
    Payment *p = &k->scratch[(*count)++];
    p->taken = taken;
    p->chosen = chosen;
    p->weapons = weapons;
    return 0;
}

static inline int one_class(const KernelObject *k, uint64_t cards)
{
    if (!cards)
        return 1;
    return k->cls[lowest_bit(cards)] == k->cls[highest_bit(cards)];
}

/* A suit's hand cards of several classes: the Python kernel's `hand_choices`, pushed. */
static int push_hand_choices(KernelObject *k, Py_ssize_t *count, uint8_t taken,
                             uint64_t weapons, const uint64_t s[4], const int r[4])
{
    PyObject *found = PyObject_CallMethod(
        k->py, "hand_choices", "[KKKK][iiii]",
        (unsigned long long)s[0], (unsigned long long)s[1], (unsigned long long)s[2],
        (unsigned long long)s[3], r[0], r[1], r[2], r[3]);
    if (found == NULL)
        return -1;
    Py_ssize_t n = PyList_Size(found);
    for (Py_ssize_t i = 0; i < n; i++) {
        uint64_t chosen = PyLong_AsUnsignedLongLong(PyList_GET_ITEM(found, i));
        if (scratch_push(k, count, taken, chosen, weapons) < 0) {
            Py_DECREF(found);
            return -1;
        }
    }
    Py_DECREF(found);
    return 0;
}

/* `Kernel.payments_for`: the payments into k->scratch (their count returned, -1 on an error)
 * and how many the engine lists, counted up to 2, into *total. */
static Py_ssize_t payments_for(KernelObject *k, int monster, const uint8_t *arsenal, int alen,
                               uint64_t hand, uint64_t kings, uint64_t ready, long *total)
{
    const uint8_t *defense = k->defense[face(kings, monster)];
    int d[4] = {defense[0], defense[1], defense[2], defense[3]};
    CoverSlot *slot = weapon_covers(k, ready, kings, d);
    if (slot == NULL)
        return -1;
    uint64_t s[4];
    int h[4];
    int plain = 1;
    for (int i = 0; i < 4; i++) {
        s[i] = hand & k->suit_mask[i];
        h[i] = popcount(s[i]);
        plain = plain && one_class(k, s[i]);
    }
    Py_ssize_t count = 0;
    *total = 0;
    int taken = 0;
    for (;;) {
        for (int c = 0; c < slot->count; c++) {
            const Cover *cover = &slot->covers[c];
            int r[4];
            int fits = 1;
            for (int i = 0; i < 4; i++) {
                r[i] = d[i] - cover->u[i];
                fits = fits && r[i] >= 0 && r[i] <= h[i];
            }
            if (!fits)
                continue;
            if (*total < 2) {
                /* Some suit takes some but not all of its hand cards: a choice. */
                int several = 0;
                for (int i = 0; i < 4; i++)
                    several = several || (0 < r[i] && r[i] < h[i]);
                *total += several ? 2 : cover->uses;
            }
            if (plain) {
                uint64_t chosen = lowest_of(s[0], r[0]) | lowest_of(s[1], r[1]) |
                    lowest_of(s[2], r[2]) | lowest_of(s[3], r[3]);
                if (scratch_push(k, &count, (uint8_t)taken, chosen, cover->used) < 0)
                    return -1;
            } else if (push_hand_choices(k, &count, (uint8_t)taken, cover->used, s, r) < 0) {
                return -1;
            }
        }
        if (taken == alen)
            break;
        int suit = k->suit[arsenal[alen - 1 - taken]];
        if (!d[suit])
            break;
        d[suit]--;
        taken++;
    }
    return count;
}

/* ------------------------------------------------------------------ the rules */

static int won_core(const KernelObject *k, const NodeObject *n)
{
    if (n->pending >= 0)
        return 0;
    for (int i = 0; i < k->nprey; i++) {
        int have;
        if (k->prey_kind[i] == -1)
            have = popcount(n->collected & n->kings);
        else if (k->prey_kind[i] == -2)
            have = 0;
        else
            have = popcount(n->collected & k->prey_mask[i]);
        if (have < k->prey_need[i])
            return 0;
    }
    return 1;
}

static int won(const KernelObject *k, const NodeObject *n)
{
    if (n->frame >= 0 || n->nbatch)
        return 0;
    return won_core(k, n);
}

static void matched(const KernelObject *k, uint64_t hand, uint64_t ready, uint64_t kings,
                    int c[4])
{
    c[0] = c[1] = c[2] = c[3] = 0;
    while (hand) {
        c[k->suit[lowest_bit(hand)]]++;
        hand &= hand - 1;
    }
    while (ready) {
        const uint8_t *arms = k->arms[face(kings, lowest_bit(ready))];
        ready &= ready - 1;
        for (int i = 0; i < 4; i++)
            c[i] += arms[i];
    }
}

static int can_pay(const KernelObject *k, int monster, const uint8_t *arsenal, int alen,
                   uint64_t kings, const int c[4])
{
    const uint8_t *defense = k->defense[face(kings, monster)];
    int d[4] = {defense[0], defense[1], defense[2], defense[3]};
    for (int i = alen - 1; i >= 0; i--) {
        int suit = k->suit[arsenal[i]];
        if (!d[suit])
            break;
        d[suit]--;
    }
    return d[0] <= c[0] && d[1] <= c[1] && d[2] <= c[2] && d[3] <= c[3];
}

#define MAX_MOVES (MAX_COLUMNS + MAX_BATCH + 2)

/* `Kernel.moves` for a quiet position: Deal while the deck holds a card, then each column
 * whose front monster can be paid for; none once the prey is complete. */
static int core_moves(const KernelObject *k, const NodeObject *n, int *found)
{
    int count = 0;
    if (won(k, n))
        return 0;
    if (n->dealt < k->decklen)
        found[count++] = DEAL;
    int c[4];
    matched(k, n->hand, n->collected & ~n->exhausted, n->kings, c);
    for (int column = 0; column < k->ncols; column++) {
        if (depth_of(n, column) &&
            can_pay(k, front(k, n, column), n->arsenal, n->alen, n->kings, c))
            found[count++] = column;
    }
    return count;
}

/* `branches.distinct_resolves`: of the abilities waiting together, the first of each
 * interchangeable kind and every other one, by index. */
static int distinct_resolves(const KernelObject *k, const NodeObject *n, int *kept)
{
    int seen[MAX_BATCH];
    int count = 0, nseen = 0;
    for (int i = 0; i < n->nbatch; i++) {
        int signature = k->signature[n->batch[i] >> 16];
        if (signature >= 0) {
            int known = 0;
            for (int j = 0; j < nseen; j++)
                known = known || seen[j] == signature;
            if (known)
                continue;
            seen[nseen++] = signature;
        }
        kept[count++] = i;
    }
    return count;
}

/* The moves of a position that does not wait for a payment (a pending payment's moves are
 * the indexes of its payments): a yes or a no (yes first); an order of abilities; else the
 * core rules' moves. */
static int moves_into(const KernelObject *k, const NodeObject *n, int *found)
{
    if (n->frame >= 0) {
        found[0] = YES_MOVE;
        found[1] = NO_MOVE;
        return 2;
    }
    if (n->nbatch)
        return distinct_resolves(k, n, found);
    return core_moves(k, n, found);
}

static PyObject *moves_list(const KernelObject *k, const NodeObject *n)
{
    int found[MAX_MOVES];
    Py_ssize_t count = n->pending >= 0 ? n->npay : moves_into(k, n, found);
    PyObject *list = PyList_New(count);
    if (list == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < count; i++)
        PyList_SET_ITEM(list, i, PyLong_FromLong(n->pending >= 0 ? (long)i : found[i]));
    return list;
}

/* The slice's `settle`: resolve the running ability, then the batch, until the player must
 * choose or none is left; `n` (a fresh child) takes the result. */
static void settle(const KernelObject *k, NodeObject *n, long long trigger, int pc)
{
    for (;;) {
        if (trigger >= 0) {
            int program = (int)(trigger >> 16);
            if (program == k->king_flip) {
                int monster = (int)(trigger & 255);
                if ((n->dungeon >> monster & 1) && !(n->kings >> monster & 1))
                    n->kings |= 1ULL << monster;
                trigger = -1;
                continue;
            }
            while (pc < k->nsteps[program]) {
                int argument = k->step_arg[program][pc];
                if (k->step_op[program][pc] == DRAW_STEP) {
                    int end = n->dealt + argument;
                    if (end > k->decklen)
                        end = k->decklen;
                    while (n->dealt < end)
                        n->hand |= 1ULL << k->deck[n->dealt++];
                    pc++;
                } else if (n->dealt == k->decklen) {  /* may draw, with nothing to draw */
                    pc = argument;
                } else {
                    n->frame = trigger << 8 | pc;
                    return;
                }
            }
            trigger = -1;
            continue;
        }
        if (n->nbatch == 1) {
            trigger = n->batch[0];
            pc = 0;
            n->nbatch = 0;
            continue;
        }
        return;
    }
}

/* `defeat`: the front monster of `column` is collected (and, in the slice, its Loot
 * abilities and the King flip wait); `n` is the child the payment made. */
static void defeat(const KernelObject *k, NodeObject *n, int column)
{
    int monster = front(k, n, column);
    uint64_t bit = 1ULL << monster;
    uint64_t kings = n->kings;
    n->dungeon &= ~bit;
    uint64_t kind = k->kind_mask[monster] & n->dungeon;
    int flips = kind && !(kind & (kind - 1)) && !(kings & kind);  /* one monster left */
    n->depths -= 1ULL << (5 * column);
    n->collected |= bit;
    if (!k->slice) {
        if (flips)
            n->kings |= kind;
        return;
    }
    int f = face(kings, monster);
    n->nbatch = 0;
    for (int i = 0; i < k->nloot[f]; i++)
        n->batch[n->nbatch++] = k->loot[f][i] << 16 | (column + 1) << 8 | monster;
    if (flips)
        n->batch[n->nbatch++] = k->king_flip << 16 | highest_bit(kind);
    settle(k, n, -1, 0);
}

static NodeObject *pay(const KernelObject *k, const NodeObject *p, int column,
                       const Payment *payment)
{
    NodeObject *n = node_copy(p);
    if (n == NULL)
        return NULL;
    int cut = p->alen - payment->taken;
    n->alen = cut;
    for (int i = p->alen - 1; i >= cut; i--)  /* the front first */
        n->discard[n->dlen++] = p->arsenal[i];
    for (uint64_t chosen = payment->chosen; chosen; chosen &= chosen - 1)
        n->discard[n->dlen++] = (uint8_t)lowest_bit(chosen);
    n->hand &= ~payment->chosen;
    n->exhausted |= payment->weapons;
    defeat(k, n, column);
    return n;
}

static NodeObject *attack(KernelObject *k, NodeObject *p, int column)
{
    long total;
    Py_ssize_t count = payments_for(k, front(k, p, column), p->arsenal, p->alen, p->hand,
                                    p->kings, p->collected & ~p->exhausted, &total);
    if (count < 0)
        return NULL;
    if (total == 1)  /* paid at once: the engine asks only when there is a choice */
        return pay(k, p, column, &k->scratch[0]);
    NodeObject *n = node_copy(p);
    if (n == NULL)
        return NULL;
    n->pending = column;
    n->pays = PyMem_Malloc(sizeof(Payment) * (count ? count : 1));
    if (n->pays == NULL) {
        Py_DECREF(n);
        return (NodeObject *)PyErr_NoMemory();
    }
    memcpy(n->pays, k->scratch, sizeof(Payment) * count);
    n->npay = count;
    return n;
}

static NodeObject *deal(KernelObject *k, NodeObject *p)
{
    NodeObject *n = node_copy(p);
    if (n == NULL)
        return NULL;
    n->arsenal[n->alen++] = k->deck[n->dealt++];
    return n;
}

static PyObject *bad_move(long move)
{
    PyErr_Format(PyExc_ValueError, "no such move here: %ld", move);
    return NULL;
}

static PyObject *child(KernelObject *k, NodeObject *p, long move)
{
    if (p->pending >= 0) {
        if (move < 0 || move >= p->npay)
            return bad_move(move);
        return (PyObject *)pay(k, p, p->pending, &p->pays[move]);
    }
    if (p->frame >= 0) {
        long long trigger = p->frame >> 8;
        int pc = (int)(p->frame & 255);
        pc = move == NO_MOVE ? k->step_arg[trigger >> 16][pc] : pc + 1;
        NodeObject *n = node_copy(p);
        if (n == NULL)
            return NULL;
        n->nbatch = p->nbatch;
        memcpy(n->batch, p->batch, sizeof(int32_t) * p->nbatch);
        settle(k, n, trigger, pc);
        return (PyObject *)n;
    }
    if (p->nbatch) {
        if (move < 0 || move >= p->nbatch)
            return bad_move(move);
        NodeObject *n = node_copy(p);
        if (n == NULL)
            return NULL;
        for (int i = 0; i < p->nbatch; i++) {
            if (i != move)
                n->batch[n->nbatch++] = p->batch[i];
        }
        settle(k, n, p->batch[move], 0);
        return (PyObject *)n;
    }
    if (move == DEAL) {
        if (p->dealt >= k->decklen)
            return bad_move(move);
        return (PyObject *)deal(k, p);
    }
    if (move < 0 || move >= k->ncols || !depth_of(p, (int)move))
        return bad_move(move);
    return (PyObject *)attack(k, p, (int)move);
}

/* ------------------------------------------------------------------ keys */

static inline uint8_t *put(uint8_t *at, uint64_t value, int width)
{
    for (int i = 0; i < width; i++) {
        *at++ = (uint8_t)value;
        value >>= 8;
    }
    return at;
}

/* `Canonicalizer.hand`: the same count of each class, taken as the class's first cards. */
static uint64_t canonical_hand(const KernelObject *k, uint64_t hand)
{
    uint64_t canonical = 0;
    int previous = -1, rank = 0;
    while (hand) {
        int kind = k->cls[lowest_bit(hand)];
        hand &= hand - 1;
        if (kind == previous) {
            rank++;
        } else {
            previous = kind;
            rank = 0;
        }
        canonical |= 1ULL << (k->first[kind] + rank);
    }
    return canonical;
}

/* Every layout: a tag, then the columns, Kings, exhausted weapons, cards dealt and hand at
 * fixed widths, then the tag's own parts. The quiet one (tag 0) holds the arsenal as classes
 * and the hand as classes; a pending payment (1) every card by identity, the discard pile's
 * order and the column attacked; a pending ability (4) every card and the abilities. */
static PyObject *key(const KernelObject *k, const NodeObject *n)
{
    uint8_t buffer[512];
    int quiet = n->pending < 0 && n->frame < 0 && !n->nbatch;
    uint8_t *at = buffer;
    *at++ = quiet ? 0 : n->pending >= 0 ? 1 : 4;
    at = put(at, n->depths, k->depth_bytes);
    at = put(at, n->kings, k->monster_bytes);
    at = put(at, n->exhausted, k->monster_bytes);
    *at++ = (uint8_t)n->dealt;
    if (quiet) {
        at = put(at, canonical_hand(k, n->hand), k->card_bytes);
        for (int i = 0; i < n->alen; i++)
            *at++ = k->cls[n->arsenal[i]];
        return PyBytes_FromStringAndSize((const char *)buffer, at - buffer);
    }
    at = put(at, n->hand, k->card_bytes);
    *at++ = (uint8_t)n->alen;
    if (n->pending >= 0) {
        *at++ = (uint8_t)n->pending;
    } else {
        *at++ = (uint8_t)n->nbatch;
        *at++ = n->frame >= 0;
    }
    memcpy(at, n->arsenal, n->alen);
    at += n->alen;
    if (n->pending < 0) {
        for (int i = 0; i < n->nbatch; i++)
            at = put(at, (uint64_t)n->batch[i], 3);
        if (n->frame >= 0)
            at = put(at, (uint64_t)n->frame, 4);
    }
    memcpy(at, n->discard, n->dlen);
    at += n->dlen;
    return PyBytes_FromStringAndSize((const char *)buffer, at - buffer);
}

/* ------------------------------------------------------------------ the kernel type */

static int check_node(PyObject *node)
{
    if (Py_TYPE(node) != &NodeType) {
        PyErr_SetString(PyExc_TypeError, "a " CKERNEL_PATH ".Node is expected");
        return 0;
    }
    return 1;
}

static PyObject *kernel_moves(KernelObject *k, PyObject *node)
{
    if (!check_node(node))
        return NULL;
    return moves_list(k, (NodeObject *)node);
}

static PyObject *kernel_child(KernelObject *k, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "child(node, move)");
        return NULL;
    }
    if (!check_node(args[0]))
        return NULL;
    long move = PyLong_AsLong(args[1]);
    if (move == -1 && PyErr_Occurred())
        return NULL;
    return child(k, (NodeObject *)args[0], move);
}

static PyObject *kernel_key(KernelObject *k, PyObject *node)
{
    if (!check_node(node))
        return NULL;
    return key(k, (NodeObject *)node);
}

static PyObject *kernel_won(KernelObject *k, PyObject *node)
{
    if (!check_node(node))
        return NULL;
    return PyBool_FromLong(won(k, (NodeObject *)node));
}

static PyObject *kernel_payment_codes(KernelObject *k, PyObject *node)
{
    if (!check_node(node))
        return NULL;
    return node_payment_codes((NodeObject *)node, k->cards);
}

/* ------------------------------------------------------------------ the loop in C */

typedef struct {
    NodeObject *node;  /* owned */
    int via;           /* the move that reached it (the root's: none) */
    int count, next;   /* its moves, and the next to try */
    int moves[MAX_MOVES];
} Frame;

/* The loop's state: the stack of positions being searched, and the positions counted. */
typedef struct {
    Frame *stack;
    Py_ssize_t depth, room;
    Py_ssize_t states;
    uint64_t far;  /* the most monsters collected (kept up to date, as the Python loops do) */
} Search;

static int push_frame(KernelObject *k, Search *s, NodeObject *node, int via)
{
    if (s->depth == s->room) {
        Py_ssize_t room = s->room ? s->room * 2 : 64;
        Frame *grown = PyMem_Realloc(s->stack, sizeof(Frame) * room);
        if (grown == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        s->stack = grown;
        s->room = room;
    }
    Frame *f = &s->stack[s->depth++];
    f->node = node;
    f->via = via;
    f->next = 0;
    f->count = node->pending >= 0 ? (int)node->npay : moves_into(k, node, f->moves);
    return 0;
}

static void search_free(Search *s)
{
    while (s->depth)
        Py_DECREF(s->stack[--s->depth].node);
    PyMem_Free(s->stack);
}

/* Put a position's key into the table: 1 when it is new, 0 when it was there, -1 on an
 * error (a Python set, as `Table.insert` uses one: add, and see whether it grew). */
static int insert_key(const KernelObject *k, PyObject *table, const NodeObject *n)
{
    PyObject *found = key(k, n);
    if (found == NULL)
        return -1;
    Py_ssize_t size = PySet_GET_SIZE(table);
    int added = PySet_Add(table, found);
    Py_DECREF(found);
    return added < 0 ? -1 : PySet_GET_SIZE(table) != size;
}

/* The won line's steps, (position, move) from the root: what `line` turns into actions. */
static PyObject *won_path(const Search *s, int last)
{
    PyObject *path = PyList_New(s->depth);
    if (path == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < s->depth; i++) {
        int move = i + 1 < s->depth ? s->stack[i + 1].via : last;
        PyObject *step = Py_BuildValue("(Oi)", (PyObject *)s->stack[i].node, move);
        if (step == NULL) {
            Py_DECREF(path);
            return NULL;
        }
        PyList_SET_ITEM(path, i, step);
    }
    return path;
}

/* One step of `KernelDepthFirst`'s loop: back up from a position with no move left, or try
 * its next move. 0 to go on, 1 when the child is won (its line in *path), -1 on an error. */
static int search_step(KernelObject *k, Search *s, PyObject *table, PyObject **path)
{
    Frame *f = &s->stack[s->depth - 1];
    if (f->next == f->count) {
        Py_DECREF(f->node);
        s->depth--;
        return 0;
    }
    int move = f->node->pending >= 0 ? f->next : f->moves[f->next];
    f->next++;
    NodeObject *next = (NodeObject *)child(k, f->node, move);
    if (next == NULL)
        return -1;
    int added = insert_key(k, table, next);
    if (added <= 0) {
        Py_DECREF(next);
        return added;
    }
    s->states++;
    if (next->collected != s->far && popcount(next->collected) > popcount(s->far))
        s->far = next->collected;
    if (won(k, next)) {
        Py_DECREF(next);
        *path = won_path(s, move);
        return *path == NULL ? -1 : 1;
    }
    if (push_frame(k, s, next, move) < 0) {
        Py_DECREF(next);
        return -1;
    }
    return 0;
}

/* `KernelDepthFirst`'s search (no bound, no memory cap) over C positions, up to `positions`
 * positions: the keys go into `table`, a Python set the caller keeps (so freeing it is not
 * timed here, as it is not for the Python loops). Returns (verdict or None when the positions
 * ran out, positions, the won line's steps). */
static PyObject *kernel_depth_first(KernelObject *k, PyObject *args)
{
    NodeObject *root;
    Py_ssize_t limit;
    PyObject *table;
    if (!PyArg_ParseTuple(args, "O!nO!", &NodeType, &root, &limit, &PySet_Type, &table))
        return NULL;
    if (won(k, root))
        return Py_BuildValue("(sn[])", "won", (Py_ssize_t)0);
    if (insert_key(k, table, root) < 0)
        return NULL;
    Search s = {NULL, 0, 0, 1, root->collected};
    Py_INCREF(root);
    if (push_frame(k, &s, root, -1) < 0) {
        Py_DECREF(root);
        search_free(&s);
        return NULL;
    }
    PyObject *path = NULL;
    int outcome = 0;
    while (s.depth && s.states < limit && outcome == 0)
        outcome = search_step(k, &s, table, &path);
    const char *status = outcome == 1 ? "won" : s.depth ? NULL : "unwinnable";
    search_free(&s);
    if (outcome < 0)
        return NULL;
    if (path == NULL && (path = PyList_New(0)) == NULL)
        return NULL;
    return Py_BuildValue("(znN)", status, s.states, path);
}

/* A quiet position of the Python kernel's, without pending abilities, as a C one. */
static PyObject *kernel_load(KernelObject *k, PyObject *args)
{
    unsigned long long hand, kings, exhausted, collected, dungeon, depths;
    int dealt;
    Py_buffer arsenal, discard;
    if (!PyArg_ParseTuple(args, "y*Kiy*KKKKK", &arsenal, &hand, &dealt, &discard, &depths,
                          &kings, &exhausted, &collected, &dungeon))
        return NULL;
    NodeObject *n = NULL;
    if (arsenal.len > MAX_CARDS || discard.len > MAX_CARDS) {
        PyErr_SetString(PyExc_OverflowError, "more cards than the C kernel holds");
    } else if ((n = node_new()) != NULL) {
        n->hand = hand;
        n->kings = kings;
        n->exhausted = exhausted;
        n->collected = collected;
        n->dungeon = dungeon;
        n->depths = depths;
        n->dealt = dealt;
        n->pending = -1;
        n->frame = -1;
        n->nbatch = 0;
        n->alen = (int)arsenal.len;
        n->dlen = (int)discard.len;
        memcpy(n->arsenal, arsenal.buf, arsenal.len);
        memcpy(n->discard, discard.buf, discard.len);
    }
    PyBuffer_Release(&arsenal);
    PyBuffer_Release(&discard);
    return (PyObject *)n;
}

/* Table readers for the constructor: each checks its sizes. */

static int read_bytes(PyObject *source, uint8_t *into, Py_ssize_t size, const char *what)
{
    Py_buffer view;
    if (PyObject_GetBuffer(source, &view, PyBUF_SIMPLE) < 0)
        return -1;
    int ok = view.len == size;
    if (ok)
        memcpy(into, view.buf, size);
    else
        PyErr_Format(PyExc_ValueError, "%s: %zd bytes, %zd expected", what, view.len, size);
    PyBuffer_Release(&view);
    return ok ? 0 : -1;
}

static int read_masks(PyObject *source, uint64_t *into, Py_ssize_t size, const char *what)
{
    PyObject *list = PySequence_Fast(source, what);
    if (list == NULL)
        return -1;
    int ok = PySequence_Fast_GET_SIZE(list) == size;
    for (Py_ssize_t i = 0; ok && i < size; i++) {
        into[i] = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(list, i));
        ok = !PyErr_Occurred();
    }
    if (!ok && !PyErr_Occurred())
        PyErr_Format(PyExc_ValueError, "%s: %zd expected", what, size);
    Py_DECREF(list);
    return ok ? 0 : -1;
}

static int read_columns(KernelObject *k, PyObject *columns)
{
    PyObject *list = PySequence_Fast(columns, "columns");
    if (list == NULL)
        return -1;
    k->ncols = (int)PySequence_Fast_GET_SIZE(list);
    int ok = k->ncols <= MAX_COLUMNS;
    for (int c = 0; ok && c < k->ncols; c++) {
        Py_buffer view;
        ok = PyObject_GetBuffer(PySequence_Fast_GET_ITEM(list, c), &view, PyBUF_SIMPLE) == 0;
        if (ok) {
            ok = view.len <= 31;
            if (ok)
                memcpy(k->columns[c], view.buf, view.len);
            PyBuffer_Release(&view);
        }
    }
    if (!ok && !PyErr_Occurred())
        PyErr_SetString(PyExc_OverflowError, "too many columns, or a column too deep");
    Py_DECREF(list);
    return ok ? 0 : -1;
}

static int read_prey(KernelObject *k, PyObject *prey)
{
    PyObject *list = PySequence_Fast(prey, "prey");
    if (list == NULL)
        return -1;
    k->nprey = (int)PySequence_Fast_GET_SIZE(list);
    int ok = k->nprey <= MAX_PREY;
    for (int i = 0; ok && i < k->nprey; i++) {
        unsigned long long mask;
        ok = PyArg_ParseTuple(PySequence_Fast_GET_ITEM(list, i), "iKi", &k->prey_kind[i],
                              &mask, &k->prey_need[i]);
        k->prey_mask[i] = mask;
    }
    if (!ok && !PyErr_Occurred())
        PyErr_SetString(PyExc_OverflowError, "too many prey requirements");
    Py_DECREF(list);
    return ok ? 0 : -1;
}

/* The slice's tables: each face's Loot programs, each program's steps and signature. */
static int read_slice(KernelObject *k, PyObject *loot, PyObject *steps, PyObject *signatures)
{
    PyObject *faces = PySequence_Fast(loot, "loot");
    PyObject *programs = faces ? PySequence_Fast(steps, "steps") : NULL;
    PyObject *kinds = programs ? PySequence_Fast(signatures, "signatures") : NULL;
    int ok = kinds != NULL && PySequence_Fast_GET_SIZE(faces) == 2 * k->monsters &&
        PySequence_Fast_GET_SIZE(programs) <= MAX_PROGRAMS &&
        PySequence_Fast_GET_SIZE(kinds) == PySequence_Fast_GET_SIZE(programs);
    for (int f = 0; ok && f < 2 * k->monsters; f++) {
        PyObject *ids = PySequence_Fast(PySequence_Fast_GET_ITEM(faces, f), "loot ids");
        ok = ids != NULL && PySequence_Fast_GET_SIZE(ids) <= MAX_LOOT;
        k->nloot[f] = ok ? (int)PySequence_Fast_GET_SIZE(ids) : 0;
        for (int i = 0; ok && i < k->nloot[f]; i++)
            k->loot[f][i] = (int)PyLong_AsLong(PySequence_Fast_GET_ITEM(ids, i));
        Py_XDECREF(ids);
    }
    Py_ssize_t count = ok ? PySequence_Fast_GET_SIZE(programs) : 0;
    for (Py_ssize_t p = 0; ok && p < count; p++) {
        k->signature[p] = (int)PyLong_AsLong(PySequence_Fast_GET_ITEM(kinds, p));
        PyObject *list = PySequence_Fast(PySequence_Fast_GET_ITEM(programs, p), "program steps");
        ok = list != NULL && PySequence_Fast_GET_SIZE(list) <= MAX_STEPS;
        k->nsteps[p] = ok ? (int)PySequence_Fast_GET_SIZE(list) : 0;
        for (int i = 0; ok && i < k->nsteps[p]; i++)
            ok = PyArg_ParseTuple(PySequence_Fast_GET_ITEM(list, i), "ii", &k->step_op[p][i],
                                  &k->step_arg[p][i]);
        Py_XDECREF(list);
    }
    Py_XDECREF(faces);
    Py_XDECREF(programs);
    Py_XDECREF(kinds);
    if (!ok && !PyErr_Occurred())
        PyErr_SetString(PyExc_OverflowError, "the slice's tables exceed the C kernel's sizes");
    return ok && !PyErr_Occurred() ? 0 : -1;
}

/* Each face's weapon choices (`Kernel.weapons`): the suits of each combination, in order. */
static int read_choices(KernelObject *k, PyObject *choices)
{
    PyObject *faces = PySequence_Fast(choices, "choices");
    if (faces == NULL)
        return -1;
    int ok = PySequence_Fast_GET_SIZE(faces) == 2 * k->monsters;
    for (int f = 0; ok && f < 2 * k->monsters; f++) {
        PyObject *combos = PySequence_Fast(PySequence_Fast_GET_ITEM(faces, f), "combos");
        ok = combos != NULL && PySequence_Fast_GET_SIZE(combos) <= MAX_CHOICES;
        k->nchoice[f] = ok ? (int)PySequence_Fast_GET_SIZE(combos) : 0;
        for (int c = 0; ok && c < k->nchoice[f]; c++) {
            PyObject *suits = PySequence_Fast(PySequence_Fast_GET_ITEM(combos, c), "suits");
            ok = suits != NULL && PySequence_Fast_GET_SIZE(suits) <= 2;
            k->choice_len[f][c] = ok ? (int)PySequence_Fast_GET_SIZE(suits) : 0;
            for (int j = 0; ok && j < k->choice_len[f][c]; j++) {
                k->choice[f][c][j] = (int)PyLong_AsLong(PySequence_Fast_GET_ITEM(suits, j));
                ok = k->choice[f][c][j] >= 0 && k->choice[f][c][j] < 4;
            }
            Py_XDECREF(suits);
        }
        Py_XDECREF(combos);
    }
    Py_DECREF(faces);
    if (!ok && !PyErr_Occurred())
        PyErr_SetString(PyExc_OverflowError, "weapon choices beyond the C kernel's sizes");
    return ok && !PyErr_Occurred() ? 0 : -1;
}

static int bytes_for(int bits) { return (bits + 7) / 8; }

static int kernel_init(KernelObject *k, PyObject *args, PyObject *kwds)
{
    static char *names[] = {"python", "suit", "classes", "first", "defense", "arms",
                            "choices", "kind_masks", "columns", "deck", "prey", "suit_masks",
                            "king_flip", "loot", "steps", "signatures", NULL};
    PyObject *py, *suit, *classes, *first, *defense, *arms, *choices, *kinds, *columns, *deck,
        *prey,
        *suit_masks, *loot = NULL, *steps = NULL, *signatures = NULL;
    int king_flip = -1;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOOOOOOOOOOO|iOOO", names, &py, &suit,
                                     &classes, &first, &defense, &arms, &choices, &kinds,
                                     &columns,
                                     &deck, &prey, &suit_masks, &king_flip, &loot, &steps,
                                     &signatures))
        return -1;
    Py_ssize_t cards = PyObject_Length(suit);
    Py_ssize_t face_bytes = PyObject_Length(defense);  /* 4 a face, 2 faces a monster */
    Py_ssize_t decklen = PyObject_Length(deck);
    if (cards < 0 || face_bytes < 0 || decklen < 0)
        return -1;
    if (cards > MAX_CARDS || face_bytes / 8 > MAX_MONSTERS || decklen > MAX_DECK) {
        PyErr_SetString(PyExc_OverflowError, "more cards or monsters than the C kernel holds");
        return -1;
    }
    Py_XSETREF(k->py, Py_NewRef(py));
    k->cards = (int)cards;
    k->monsters = (int)(face_bytes / 8);
    k->decklen = (int)decklen;
    memset(k->first, 0, sizeof(k->first));
    Py_ssize_t classes_count = PyObject_Length(first);
    if (classes_count < 0 || classes_count > MAX_CARDS) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_OverflowError, "more card classes than the C kernel holds");
        return -1;
    }
    if (read_bytes(suit, k->suit, cards, "suit") < 0 ||
        read_bytes(classes, k->cls, 256, "classes") < 0 ||
        read_bytes(first, k->first, classes_count, "first") < 0 ||
        read_bytes(defense, &k->defense[0][0], face_bytes, "defense") < 0 ||
        read_bytes(arms, &k->arms[0][0], face_bytes, "arms") < 0 ||
        read_choices(k, choices) < 0 ||
        read_masks(kinds, k->kind_mask, k->monsters, "kind_masks") < 0 ||
        read_columns(k, columns) < 0 ||
        read_bytes(deck, k->deck, decklen, "deck") < 0 ||
        read_prey(k, prey) < 0 ||
        read_masks(suit_masks, k->suit_mask, 4, "suit_masks") < 0)
        return -1;
    k->slice = loot != NULL;
    k->king_flip = king_flip;
    if (k->slice && read_slice(k, loot, steps, signatures) < 0)
        return -1;
    k->depth_bytes = bytes_for(5 * k->ncols);
    k->monster_bytes = bytes_for(k->monsters);
    k->card_bytes = bytes_for(k->cards);
    if (k->scratch == NULL) {
        k->scratch_size = 256;
        k->scratch = PyMem_Malloc(sizeof(Payment) * k->scratch_size);
        k->slots = PyMem_Calloc(COVERS_SLOTS, sizeof(CoverSlot));
        if (k->scratch == NULL || k->slots == NULL) {
            PyErr_NoMemory();
            return -1;
        }
    } else {
        covers_clear(k);
    }
    return 0;
}

static void kernel_dealloc(KernelObject *k)
{
    if (k->slots != NULL) {
        covers_clear(k);
        PyMem_Free(k->slots);
    }
    PyMem_Free(k->scratch);
    Py_XDECREF(k->py);
    Py_TYPE(k)->tp_free((PyObject *)k);
}

static PyMethodDef kernel_methods[] = {
    {"moves", (PyCFunction)kernel_moves, METH_O, "The moves to try, in the engine's order."},
    {"child", (PyCFunction)(void (*)(void))kernel_child, METH_FASTCALL,
     "The position after a move."},
    {"key", (PyCFunction)kernel_key, METH_O, "The position's key (bytes)."},
    {"won", (PyCFunction)kernel_won, METH_O, "Whether the prey is complete."},
    {"payment_codes", (PyCFunction)kernel_payment_codes, METH_O,
     "A pending attack's payments as the Python kernel's codes (None when none is pending)."},
    {"depth_first", (PyCFunction)kernel_depth_first, METH_VARARGS,
     "depth_first(root, positions, table): the depth-first loop in C; (verdict or None, "
     "positions, the won line's (position, move) steps)."},
    {"load", (PyCFunction)kernel_load, METH_VARARGS,
     "load(arsenal, hand, dealt, discard, depths, kings, exhausted, collected, dungeon): "
     "a quiet position as a C node."},
    {NULL}
};

static PyMemberDef kernel_members[] = {
    {"python", T_OBJECT, offsetof(KernelObject, py), READONLY, "The Python kernel."},
    {"card_count", T_INT, offsetof(KernelObject, cards), READONLY, NULL},
    {NULL}
};

static PyTypeObject KernelType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = CKERNEL_PATH ".Kernel",
    .tp_basicsize = sizeof(KernelObject),
    .tp_dealloc = (destructor)kernel_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "The core-rules kernel (or its slice) in C, on tables read off a Python kernel.",
    .tp_methods = kernel_methods,
    .tp_members = kernel_members,
    .tp_init = (initproc)kernel_init,
    .tp_new = PyType_GenericNew,
};

/* The full-rules kernel: the core tables and payments above, and the rest of the rules. */
#include "rules.c"

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, CKERNEL_PATH,
    "The search kernels' per-position work in C (solver/native.py drives them).", -1, NULL,
};

PyMODINIT_FUNC CKERNEL_JOIN(PyInit_, CKERNEL_NAME)(void)
{
    if (PyType_Ready(&NodeType) < 0 || PyType_Ready(&KernelType) < 0 ||
        PyType_Ready(&SpotType) < 0 || PyType_Ready(&RulesType) < 0 ||
        PyType_Ready(&DfsType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL)
        return NULL;
    if (PyModule_AddObjectRef(m, "Node", (PyObject *)&NodeType) < 0 ||
        PyModule_AddObjectRef(m, "Kernel", (PyObject *)&KernelType) < 0 ||
        PyModule_AddObjectRef(m, "Spot", (PyObject *)&SpotType) < 0 ||
        PyModule_AddObjectRef(m, "RulesKernel", (PyObject *)&RulesType) < 0 ||
        PyModule_AddObjectRef(m, "Search", (PyObject *)&DfsType) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
