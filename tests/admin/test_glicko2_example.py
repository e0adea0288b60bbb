"""The tests' own Glicko-2 (tests/server/test_results.py, which test_void_match.py and the
results tests check the server against) pinned to Glickman's worked example ("Example of
the Glicko-2 system", 2013): a player at 1500, RD 200, volatility 0.06, tau 0.5, beats a
1400/30 player and loses to 1550/100 and 1700/300 in one rating period; the paper gives
r' = 1464.06, RD' = 151.52, sigma' = 0.05999. And the numbers test_void_match.py writes
out, computed here with the pinned implementation."""
from test_results import glicko2, glicko2_period

rating, rd, sigma = glicko2_period((1500, 200, 0.06), [((1400, 30, 0.06), 1.0),
                                                       ((1550, 100, 0.06), 0.0),
                                                       ((1700, 300, 0.06), 0.0)])
# The paper rounds its intermediate steps; computed exactly, r' is 1464.0507 and RD' 151.5165.
assert abs(rating - 1464.06) < 0.015, rating
assert abs(rd - 151.52) < 0.005, rd
assert abs(sigma - 0.05999) < 0.00001, sigma

# The void test's ladder (test_void_match.py, EXPECTED_AFTER_VOID): new players at
# 1500/350/0.06, one game a rating period, petros beats μαρία, μαρία beats anna, anna
# beats petros.
NEW = (1500, 350, 0.06)
petros, maria = glicko2(NEW, NEW, 1.0), glicko2(NEW, NEW, 0.0)
maria, anna = glicko2(maria, NEW, 1.0), glicko2(NEW, maria, 0.0)
anna, petros = glicko2(anna, petros, 1.0), glicko2(petros, anna, 0.0)
for name, got, want in (("anna", anna, (1513.40, 262.41)), ("petros", petros, (1410.67, 264.89)),
                        ("μαρία", maria, (1502.55, 256.35))):
    assert (round(got[0], 2), round(got[1], 2)) == want, (name, got)
print(f"Glicko-2 pinned to Glickman's example: {rating:.4f} {rd:.4f} {sigma:.6f}")
