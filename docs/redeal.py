#!/usr/bin/env python3
"""Reference re-deal of a revealed seed, written from docs/shuffle.md alone.

Usage: redeal.py pilotta SEED DEALER [PRESET]
       redeal.py diloti SEED DEALER [PLAYERS]
Prints each seat's first cards, then the turned/table cards and the stock, so anyone can
check a revealed deal without the server's code.
"""
import sys

MASK = (1 << 64) - 1


def splitmix64(seed):
    state = seed
    while True:
        state = (state + 0x9E3779B97F4A7C15) & MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        yield z ^ (z >> 31)


def rotl(x, k):
    return ((x << k) | (x >> (64 - k))) & MASK


class DealRng:
    def __init__(self, seed):
        words = splitmix64(seed)
        self.s = [next(words) for _ in range(4)]

    def next(self):
        s = self.s
        result = (rotl((s[1] * 5) & MASK, 7) * 9) & MASK
        t = (s[1] << 17) & MASK
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = rotl(s[3], 45)
        return result

    def below(self, bound):
        product = self.next() * bound
        low = product & MASK
        if low < bound:
            threshold = ((1 << 64) - bound) % bound
            while low < threshold:
                product = self.next() * bound
                low = product & MASK
        return product >> 64


def shuffle(items, rng):
    for i in range(len(items), 1, -1):
        j = rng.below(i)
        items[i - 1], items[j] = items[j], items[i - 1]


def pilotta(seed, dealer, preset):
    ranks, suits = "789TJQKA", "cdhs"
    deck = [r + s for s in suits for r in ranks]
    shuffle(deck, DealRng(seed))
    players = 2 if preset == "classic2" else 4
    batches = {"cyprus": (3, 2, 3), "classic": (3, 2), "classic2": (3, 3)}[preset]
    hands = {seat: [] for seat in range(players)}
    for size in batches:
        for i in range(1, players + 1):
            seat = (dealer + i) % players
            hands[seat] += [deck.pop(0) for _ in range(size)]
    order = {card: index for index, card in enumerate([r + s for s in suits for r in ranks])}
    for seat in range(players):
        print(f"deal {seat} {' '.join(sorted(hands[seat], key=order.get))}")
    if preset != "cyprus":
        print(f"turn {deck.pop(0)}")
    if deck:
        print(f"stock {' '.join(deck)}")


def diloti(seed, dealer, players):
    ranks, suits = "A23456789TJQK", "cdhs"
    canonical = [r + s for s in suits for r in ranks]
    order = {card: index for index, card in enumerate(canonical)}
    deck = list(canonical)
    rng = DealRng(seed)
    shuffle(deck, rng)
    hands = {}
    for i in range(1, players + 1):
        hands[(dealer + i) % players] = [deck.pop(0) for _ in range(6)]
    table, stock = deck[:4], deck[4:]
    redeals = 0

    def needs_redeal(cards):
        return any(sum(1 for c in cards if c[0] == face) >= 3 for face in "JQK")

    while needs_redeal(table):
        stock = stock + table
        shuffle(stock, rng)
        table, stock = stock[:4], stock[4:]
        redeals += 1
    for seat in range(players):
        print(f"deal {seat} {' '.join(sorted(hands[seat], key=order.get))}")
    print(f"table {' '.join(sorted(table, key=order.get))}")
    print(f"stock {' '.join(stock)}")
    if redeals and "--show-redeals" in sys.argv:
        print(f"# table redeals: {redeals}")


def main():
    game, seed, dealer = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    if game == "pilotta":
        pilotta(seed, dealer, sys.argv[4] if len(sys.argv) > 4 else "cyprus")
    else:
        diloti(seed, dealer, int(sys.argv[4]) if len(sys.argv) > 4 else 2)


if __name__ == "__main__":
    main()
