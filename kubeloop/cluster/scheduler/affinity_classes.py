"""Node classes told apart by the pods that hostname-keyed inter-pod terms count.

With ``topologyKey: kubernetes.io/hostname`` every node is its own domain, so what a pod's
inter-pod terms answer on a node depends on which pods run there, and the classes of
``node_classes.py`` (which see pods only through the node's totals) cannot stand for their
members. These classes are refined by *watched* pods: a node's key is its ``class_key``
plus, per watched template, how many of its pods run in the node's hostname domain. A
template is watched when some pod's answer can depend on where its pods run by hostname:
it has required anti-affinity by hostname (which the symmetric check asks of every pod),
or a hostname-keyed term of a *registered* template (one placed by these classes) selects
it. Two members of a class then give a registered pod the same answer from every filter and
scorer, as long as nothing else the pod asks reads the hostname (``applies``).

The classes follow every node change through ``ClusterState.feed``; a node of another
node's domain (an explicit ``kubernetes.io/hostname`` label naming it) is re-keyed with it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from operator import attrgetter

from kubeloop.cluster.affinity import HOSTNAME, PodAffinityTerm, topology_value
from kubeloop.cluster.nodes import NodeRecord
from kubeloop.cluster.pods import PodTemplate
from kubeloop.cluster.scheduler.node_classes import NodeClasses, class_key
from kubeloop.cluster.state import ClusterState

_template = attrgetter("template")
Key = tuple[object, tuple[tuple[int, int], ...]]


def host_terms(template: PodTemplate) -> list[PodAffinityTerm]:
    """The template's own inter-pod terms (required or preferred) keyed by hostname."""
    a = template.affinity
    if a is None:
        return []
    terms = [*a.pod_required, *a.anti_required]
    terms += [w.term for w in (*a.pod_preferred, *a.anti_preferred)]
    return [t for t in terms if t.topology_key == HOSTNAME]


def _other_keys(template: PodTemplate) -> set[str]:
    """Every node label the template reads outside its inter-pod terms."""
    keys = {k for k, _ in template.node_selector}
    keys.update(c.topology_key for c in template.topology_spread)
    a = template.affinity
    if a is not None:
        for term in a.node_required:
            keys.update(r.key for r in term.match_expressions)
        for preferred in a.node_preferred:
            keys.update(r.key for r in preferred.preference.match_expressions)
    return keys


def applies(template: PodTemplate) -> bool:
    """Only inter-pod terms (the pod's own or existing pods') read a node's hostname."""
    return HOSTNAME not in _other_keys(template)


def _repels_by_host(template: PodTemplate) -> bool:
    a = template.affinity
    return a is not None and any(t.topology_key == HOSTNAME for t in a.anti_required)


class HostClasses(NodeClasses):
    """The nodes of one state, classed by ``class_key`` and their domain's watched pods."""

    def __init__(self, state: ClusterState) -> None:
        super().__init__(())
        self.state = state
        self.index = state.index
        self.position = state.feed.end
        self.watched: dict[int, PodTemplate] = {}
        self.unwatched: dict[int, PodTemplate] = {}
        """Templates known not to be watched (kept, so that their ids are not reused)."""
        self.registered: dict[int, PodTemplate] = {}
        self.domain_of: dict[str, str] = {}
        self.members: dict[str, set[str]] = {}
        """Hostname domain → its nodes (one, unless a label names another node's host)."""
        self._rekey(node.name for node in self.index.nodes)

    @property
    def shared(self) -> bool:
        """Some hostname domain holds more than one node."""
        return len(self.members) != len(self.domain_of)

    @property
    def bloated(self) -> bool:
        templates = len(self.watched) + len(self.unwatched) + len(self.registered)
        return super().bloated or templates > 4 * len(self.state.replicasets) + 64

    def fresh(self, state: ClusterState) -> bool:
        """Still classes of ``state``'s nodes (else build anew); brought up to date."""
        if state is not self.state or state.index is not self.index or self.bloated:
            return False
        log = state.feed
        changed = log.nodes_since(self.position)
        if changed is None:
            return False
        self.position = log.end
        if changed:
            self._rekey(changed)
        return True

    def register(self, template: PodTemplate) -> None:
        """Watch every template the registered one's hostname terms select."""
        if id(template) in self.registered:
            return
        self.registered[id(template)] = template
        terms = host_terms(template)
        newly = [
            u
            for u in self.unwatched.values()
            if any(t.selector.matches(u.label_map) for t in terms)
        ]
        for u in newly:
            del self.unwatched[id(u)]
            self.watched[id(u)] = u
        if newly:  # their pods may already run somewhere: every domain is keyed again
            self._rekey(list(self.domain_of))

    def _classify(self, template: PodTemplate) -> bool:
        terms = [t for r in self.registered.values() for t in host_terms(r)]
        labels = template.label_map
        if _repels_by_host(template) or any(t.selector.matches(labels) for t in terms):
            self.watched[id(template)] = template
            return True
        self.unwatched[id(template)] = template
        return False

    def signature(self, domain: str) -> tuple[tuple[int, int], ...]:
        """Per watched template (by id), how many of its pods run in the domain."""
        nodes = self.nodes
        counts: Counter[int] = Counter()
        for name in self.members[domain]:
            pods = nodes[name].pods
            if pods:
                counts.update(map(id, map(_template, pods.values())))
        watched, unwatched = self.watched, self.unwatched
        found: list[tuple[int, int]] = []
        for key, count in counts.items():
            if key in watched or (key not in unwatched and self._classify(self._find(domain, key))):
                found.append((key, count))
        found.sort()
        return tuple(found)

    def _find(self, domain: str, key: int) -> PodTemplate:
        for name in self.members[domain]:
            for pod in self.nodes[name].pods.values():
                if id(pod.template) == key:
                    return pod.template
        raise AssertionError(f"no pod of template {key} in domain {domain}")

    def key(self, node: NodeRecord) -> Key:
        """The class key of a node as it is now."""
        return (class_key(node), self.signature(self.domain_of[node.name]))

    def moved(self, node: NodeRecord) -> None:
        self._rekey([node.name])

    def _rekey(self, names: Iterable[str]) -> None:
        """Each named node (and every node sharing a domain with one) joins its class."""
        nodes, members, domain_of = self.state.nodes, self.members, self.domain_of
        domains: set[str] = set()
        for name in names:
            node = self.nodes[name] = nodes[name]
            domain = topology_value(node.labels, name, HOSTNAME)
            assert domain is not None  # every node has a hostname
            old = domain_of.get(name)
            if old != domain:
                if old is not None:
                    members[old].discard(name)
                    if members[old]:
                        domains.add(old)
                    else:
                        del members[old]
                members.setdefault(domain, set()).add(name)
                domain_of[name] = domain
            domains.add(domain)
        for domain in sorted(domains):
            signature = self.signature(domain)
            for name in sorted(members[domain]):
                node = self.nodes[name]
                self.join(node, self.number((class_key(node), signature)))
