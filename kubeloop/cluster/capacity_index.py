"""Find the first node, in name order, with room for a pod — without scanning every node.

A segment tree over the nodes sorted by name keeps, per subtree, the largest free
CPU, free memory and free pod slots among schedulable nodes. A search descends only
into subtrees whose maxima admit the request, so the usual case costs O(log n).

Updates are cheap and deferred: ``update`` only notes the node, and the tree is refreshed
(each changed leaf, then each ancestor once) when it is next searched — so a scoring cycle
that binds pods one by one, and never searches, does not pay for the tree at all.
"""

from __future__ import annotations

from kubeloop.cluster.nodes import NodeRecord

_EXCLUDED = -1


class CapacityIndex:
    def __init__(self, nodes: list[NodeRecord]) -> None:
        self.nodes = nodes
        self.position = {node.name: i for i, node in enumerate(nodes)}
        size = 1
        while size < max(len(nodes), 1):
            size *= 2
        self._size = size
        self._cpu = _tree([n.free_cpu if n.schedulable else _EXCLUDED for n in nodes], size)
        self._memory = _tree([n.free_memory if n.schedulable else _EXCLUDED for n in nodes], size)
        self._slots = _tree([n.free_pods if n.schedulable else _EXCLUDED for n in nodes], size)
        self._stale: set[int] = set()

    def _set_leaf(self, i: int, node: NodeRecord) -> None:
        leaf = self._size + i
        if node.schedulable:
            self._cpu[leaf] = node.free_cpu
            self._memory[leaf] = node.free_memory
            self._slots[leaf] = node.free_pods
        else:
            self._cpu[leaf] = self._memory[leaf] = self._slots[leaf] = _EXCLUDED

    def _pull(self, i: int) -> None:
        left, right = 2 * i, 2 * i + 1
        cpu, memory, slots = self._cpu, self._memory, self._slots
        cpu[i] = max(cpu[left], cpu[right])
        memory[i] = max(memory[left], memory[right])
        slots[i] = max(slots[left], slots[right])

    def update(self, node: NodeRecord) -> None:
        """Note that one node's totals or schedulability changed."""
        i = self.position[node.name]
        self._stale.add(i)

    def _refresh(self) -> None:
        """Changed leaves first, then their ancestors level by level, each once."""
        for i in self._stale:
            self._set_leaf(i, self.nodes[i])
        if len(self._stale) == 1:  # first-fit binds a node, then searches again
            (i,) = self._stale
            self._stale.clear()
            self._pull_up((self._size + i) // 2)
            return
        parents = {(self._size + i) // 2 for i in self._stale} - {0}
        self._stale.clear()
        while parents:
            for i in parents:
                self._pull(i)
            parents = {i // 2 for i in parents if i > 1}

    def _pull_up(self, i: int) -> None:
        """Recompute ``i`` and its ancestors, stopping at the first that does not change
        (its ancestors read only it and their other children): a node filling up rarely
        moves a maximum more than a level or two."""
        cpu, memory, slots = self._cpu, self._memory, self._slots
        while i:
            left, right = 2 * i, 2 * i + 1
            c = cpu[left] if cpu[left] > cpu[right] else cpu[right]
            m = memory[left] if memory[left] > memory[right] else memory[right]
            s = slots[left] if slots[left] > slots[right] else slots[right]
            if c == cpu[i] and m == memory[i] and s == slots[i]:
                return
            cpu[i], memory[i], slots[i] = c, m, s
            i //= 2

    def trees(self) -> tuple[list[int], list[int], list[int]]:
        """The three trees, brought up to date: what an index built afresh over the same
        nodes holds (the cache check compares them)."""
        if self._stale:
            self._refresh()
        return list(self._cpu), list(self._memory), list(self._slots)

    def first_fit(self, cpu: int, memory: int, start: int = 0) -> int | None:
        """Position of the first schedulable node at or after ``start`` with room, or None.

        Walks the tree left to right from the leaf at ``start``: a subtree whose maxima
        admit the request is entered (its maxima may come from different nodes, so one
        that holds no fit is left again for the next), any other is stepped over.
        """
        if start >= len(self.nodes):
            return None
        if self._stale:
            self._refresh()
        size, cpus, memories, slots = self._size, self._cpu, self._memory, self._slots
        i = size + start
        while True:
            if slots[i] >= 1 and cpus[i] >= cpu and memories[i] >= memory:
                if i >= size:
                    return i - size
                i *= 2  # enter: its left child first
                continue
            while i & 1:  # step over: up past every subtree that was a right child
                i >>= 1
            if not i:
                return None
            i += 1


def _tree(leaves: list[int], size: int) -> list[int]:
    """The segment tree over ``leaves``: each inner entry the larger of its two children,
    built a level at a time (one ``map`` per level, not a call per entry)."""
    tree = [_EXCLUDED] * size + leaves + [_EXCLUDED] * (size - len(leaves))
    level = size // 2
    while level:
        below = tree[2 * level : 4 * level]
        tree[level : 2 * level] = map(max, below[::2], below[1::2])
        level //= 2
    return tree
