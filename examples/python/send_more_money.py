import backtrack

m = backtrack.Model()
s, e, n, d, o, r, y = (m.int_var(0, 9, name) for name in "sendory")
mm = m.int_var(1, 9, "m")  # a leading digit is not 0
m += [backtrack.all_different([s, e, n, d, mm, o, r, y]), s >= 1]
m += 1000*s + 100*e + 10*n + d + 1000*mm + 100*o + 10*r + e == 10000*mm + 1000*o + 100*n + 10*e + y
result = m.solve()
print(" ".join(f"{v.name}={result[v]}" for v in (s, e, n, d, mm, o, r, y)), result.status)
