#!/usr/bin/env python3
"""Survival circle: an independent reference searcher.

Its own implementation of RULES.md (C1-C8, both options) and a plain
iterative-deepening alpha-beta (negamax) with a transposition table, move
ordering by the table's move then the immediate gain, and the material
difference as the evaluation. It answers exactly when the search reaches
the end of the game. Nothing is shared with the Rust engine but the
position code:

    <board> <last> <blue hand> <red hand> <to move> <options>
    BB.R............ 3/2 66566666 66666665 B dd

(board: 16 cells from 0, '.', 'B', 'R'; last: cell/value of the previous
token or '-'; hands: the counts of values 1-8; to move: B or R; options:
own landing d(iscard)/p(lace), opponent landing d(iscard)/r(eplace_single)).

Protocol, one command per line on stdin, one answer per line on stdout:

    go <code> <ms>        -> move <v> depth <d> nodes <n> score <s> [exact]
    play <code> <v> ...   -> one line per move: the position code after it,
                             then 'end' (for checking the rules)
    quit
"""

import sys
import time

CELLS = 16
FULL = (1 << CELLS) - 1


def bit_at(mask, cell):
    return (mask >> (cell % CELLS)) & 1


def land(me, opp, cell, place, replace):
    """The masks after the mover's token lands on `cell` (C4-C6)."""
    if bit_at(me, cell):
        # C5.2: the landed-on token and the mover's tokens clockwise of it
        # without a gap, one cell at a time.
        removed = 0
        c = cell
        for _ in range(CELLS):
            if not bit_at(me, c):
                break
            removed |= 1 << c
            c = (c + 1) % CELLS
        me &= ~removed & FULL
        if place:  # C5.3 option
            me |= 1 << cell
        return me, opp
    if bit_at(opp, cell):
        # C6.2: a lone opposing token is replaced with replace_single.
        lone = not bit_at(opp, cell + 1) and not bit_at(opp, cell - 1)
        if replace and lone:
            return me | (1 << cell), opp & ~(1 << cell) & FULL
        return me, opp
    return me | (1 << cell), opp  # C4.1


class Pos:
    """A position: masks, hands (tuples of 8 counts), mover (0 Blue, 1 Red),
    the previous token (cell, value) or None, and the options."""

    __slots__ = ("masks", "hands", "mover", "last", "place", "replace")

    def __init__(self, masks, hands, mover, last, place, replace):
        self.masks = masks
        self.hands = hands
        self.mover = mover
        self.last = last
        self.place = place
        self.replace = replace

    @staticmethod
    def parse(code):
        board, last, blue, red, mover, opts = code.split()
        masks = [0, 0]
        for i, ch in enumerate(board):
            if ch == "B":
                masks[0] |= 1 << i
            elif ch == "R":
                masks[1] |= 1 << i
        last = None if last == "-" else tuple(int(x) for x in last.split("/"))
        hands = [tuple(int(c) for c in blue), tuple(int(c) for c in red)]
        mover = 0 if mover == "B" else 1
        if sum(hands[mover]) == 0 and sum(hands[1 - mover]) > 0:
            mover = 1 - mover
        return Pos(masks, hands, mover, last, opts[0] == "p", opts[1] == "r")

    def code(self):
        board = "".join(
            "B" if bit_at(self.masks[0], i) else "R" if bit_at(self.masks[1], i) else "."
            for i in range(CELLS)
        )
        last = "-" if self.last is None else "%d/%d" % self.last
        hand = lambda h: "".join(str(c) for c in h)
        return "%s %s %s %s %s %s%s" % (
            board, last, hand(self.hands[0]), hand(self.hands[1]), "BR"[self.mover],
            "p" if self.place else "d", "r" if self.replace else "d")

    def next_cell(self):
        if self.last is None:
            return 0  # C3.1
        return (self.last[0] + self.last[1]) % CELLS  # C3.2

    def play(self, value):
        """The position after the mover plays `value` (held)."""
        m = self.mover
        cell = self.next_cell()
        me, opp = land(self.masks[m], self.masks[1 - m], cell, self.place, self.replace)
        masks = [0, 0]
        masks[m], masks[1 - m] = me, opp
        hands = list(self.hands)
        h = list(hands[m])
        assert h[value - 1] > 0, "value not held"
        h[value - 1] -= 1
        hands[m] = tuple(h)
        mover = 1 - m if sum(hands[1 - m]) > 0 else m  # a player with no token passes
        return Pos(masks, hands, mover, (cell, value), self.place, self.replace)


class Timeout(Exception):
    pass


class Searcher:
    def __init__(self):
        self.tt = {}

    def search(self, pos, ms):
        self.deadline = time.perf_counter() + ms / 1000.0
        self.nodes = 0
        if len(self.tt) > 2_000_000:
            self.tt.clear()
        m = pos.mover
        rem = sum(pos.hands[0]) + sum(pos.hands[1])
        values = [v for v in range(1, 9) if pos.hands[m][v - 1] > 0]
        best, score, depth, exact = values[0], 0, 0, False
        me, opp = pos.masks[m], pos.masks[1 - m]
        key = (me, opp, pos.next_cell(), pos.hands[m], pos.hands[1 - m])
        for d in range(1, rem + 1):
            try:
                s = self.negamax(me, opp, pos.next_cell(), pos.hands[m], pos.hands[1 - m],
                                 pos.place, pos.replace, d, -10**6, 10**6)
            except Timeout:
                break
            entry = self.tt.get(key)
            if entry is not None and entry[3]:
                best = entry[3]
            score, depth = s, d
            if d >= rem:
                exact = True
                break
        return best, depth, self.nodes, score, exact

    def negamax(self, me, opp, cell, hm, ho, place, replace, depth, alpha, beta):
        """Score (tokens * 100) from the mover's side; `cell` is where the
        mover's token lands, `hm`/`ho` the hands."""
        self.nodes += 1
        if self.nodes & 1023 == 0 and time.perf_counter() > self.deadline:
            raise Timeout()
        key = (me, opp, cell, hm, ho)
        me, opp = land(me, opp, cell, place, replace)
        rem = sum(hm) + sum(ho) - 1
        if rem == 0:
            return 100 * (bin(me).count("1") - bin(opp).count("1"))
        if depth <= 1:
            return 100 * (bin(me).count("1") - bin(opp).count("1"))
        entry = self.tt.get(key)
        tt_move = 0
        exact_depth = depth - 1 >= rem
        if entry is not None:
            e_depth, e_flag, e_score, tt_move = entry
            if e_depth >= depth or (e_depth >= 100 and exact_depth):
                if e_flag == 0:
                    return e_score
                if e_flag == 1 and e_score >= beta:
                    return e_score
                if e_flag == 2 and e_score <= alpha:
                    return e_score
        # Moves: the table's move first, then the immediate gain of where
        # each value sends the opponent.
        moves = []
        for v in range(1, 9):
            if hm[v - 1] == 0:
                continue
            if v == tt_move:
                key_v = 10**6
            else:
                t = (cell + v) % CELLS
                o2, m2 = land(opp, me, t, place, replace)
                key_v = (bin(opp).count("1") - bin(o2).count("1")) - (bin(me).count("1") - bin(m2).count("1"))
            moves.append((key_v, v))
        moves.sort(reverse=True)
        alpha0 = alpha
        best, best_v = -10**6, 0
        for _, v in moves:
            h = list(hm)
            h[v - 1] -= 1
            h = tuple(h)
            nxt = (cell + v) % CELLS
            if sum(ho) > 0:
                s = -self.negamax(opp, me, nxt, ho, h, place, replace, depth - 1, -beta, -alpha)
            else:
                s = self.negamax(me, opp, nxt, h, ho, place, replace, depth - 1, alpha, beta)
            if s > best:
                best, best_v = s, v
                if s > alpha:
                    alpha = s
                    if alpha >= beta:
                        break
        flag = 2 if best <= alpha0 else 1 if best >= beta else 0
        self.tt[key] = (100 if exact_depth else depth, flag, best, best_v)
        return best


def main():
    searcher = Searcher()
    for line in sys.stdin:
        parts = line.split()
        if not parts:
            continue
        if parts[0] == "quit":
            break
        if parts[0] == "go":
            pos = Pos.parse(" ".join(parts[1:7]))
            ms = float(parts[7])
            best, depth, nodes, score, exact = searcher.search(pos, ms)
            print("move %d depth %d nodes %d score %d%s" % (best, depth, nodes, score, " exact" if exact else ""), flush=True)
        elif parts[0] == "play":
            pos = Pos.parse(" ".join(parts[1:7]))
            for v in parts[7:]:
                pos = pos.play(int(v))
                print(pos.code())
            print("end", flush=True)
        else:
            print("error unknown command %s" % parts[0], flush=True)


if __name__ == "__main__":
    main()
