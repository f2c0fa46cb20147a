#!/usr/bin/env python3
"""Cuts the self-hosted Inter down to what the shop draws.

Usage (Debian: apt-get install python3-fonttools python3-brotli):
    /usr/bin/python3 scripts/subset-font.py SOURCE.woff2 /tmp/inter-latin-wght.woff2
then name it public/fonts/inter-latin-wght.<first 10 hex of its sha256>.woff2, and the same in
lib/site/font.ts and app/shop.pcss (lib/site/font.test.ts checks the three agree).

SOURCE is Inter's variable latin subset (weight axis 100 to 900), as first committed:
    git show 86ee51e:app/fonts/inter-latin-wght.woff2 > /tmp/inter-source.woff2
 The shop sets text at 400, 500,
600 and 700 only, so the weight axis is limited to 400..700: the deltas towards the thin and black
masters go. Of the layout features it keeps the ones text needs (contextual forms, composition,
localised forms, kerning, mark placement) and both figure widths (the money columns use
tabular-nums); fraction glyphs go. Every character of the source stays.
"""

import io
import sys

from fontTools import subset
from fontTools.ttLib import TTFont
from fontTools.varLib import instancer

WEIGHTS = (400, 700)
FEATURES = ["calt", "ccmp", "locl", "kern", "mark", "mkmk", "tnum", "pnum"]


def main(source: str, target: str) -> None:
    font = TTFont(source)
    characters = list(font.getBestCmap().keys())
    limited = instancer.instantiateVariableFont(font, {"wght": WEIGHTS})
    # The subsetter needs the instanced font as written, not the instancer's tables in memory.
    buffer = io.BytesIO()
    limited.save(buffer)
    buffer.seek(0)
    font = TTFont(buffer)

    options = subset.Options()
    options.layout_features = FEATURES
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.hinting = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=characters)
    subsetter.subset(font)

    font.flavor = "woff2"
    font.save(target)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
