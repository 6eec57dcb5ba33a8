"""The expression DAG: frozen, interned nodes and the rules that build them.

* :mod:`~cpoly.dag.expr`: the nodes (Const, Delta, Sum, Product), interned so that equal
  structure is one object; walks over a DAG without recursion; pickling that interns again.
* :mod:`~cpoly.dag.rewrite`: every node is built by its smart constructors, which apply the
  algebraic identities as a table of rules; 0/1-ness, :func:`~cpoly.dag.rewrite.narrow` and
  the generic bottom-up :func:`~cpoly.dag.rewrite.rebuild`.
* :mod:`~cpoly.dag.vertices`: fix, rename and unify vertices of a whole node.
* :mod:`~cpoly.dag.memo`: every memo of the engine, registered by name, bounded by one policy.
* :mod:`~cpoly.dag.symbolic`: symbolic sizes (sympy, imported only when a count is symbolic).

Imports: cpoly.errors
"""

__all__: list[str] = []
