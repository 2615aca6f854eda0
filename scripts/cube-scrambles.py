#!/usr/bin/env python3
"""Seeded random cube scrambles in twsearch's scramble format (issue 31).

    scripts/cube-scrambles.py COUNT MIN MAX [SEED] > FILE.scr

COUNT scrambles of MIN to MAX face turns each (lengths spread evenly),
random faces (F B D U L R) with random powers (X, X2, X'), never the same
face twice in a row: `ScrambleAlg sN` ... `End` blocks. The same seed
gives the same file (Python's own Mersenne Twister, seeded).
"""
import random
import sys


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    count, lo, hi = (int(a) for a in sys.argv[1:4])
    seed = int(sys.argv[4]) if len(sys.argv) > 4 else 1
    rng = random.Random(seed)
    faces = "FBDULR"
    for i in range(count):
        length = lo + (i * (hi - lo + 1)) // max(count, 1)
        moves, last = [], None
        while len(moves) < length:
            face = rng.choice(faces)
            if face == last:
                continue
            last = face
            moves.append(face + rng.choice(["", "2", "'"]))
        print(f"ScrambleAlg s{i + 1}")
        print(" ".join(moves))
        print("End")


if __name__ == "__main__":
    main()
