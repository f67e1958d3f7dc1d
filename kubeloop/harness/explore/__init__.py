"""``kubeloop explore``: scenarios that find bugs by themselves. From a scenario's Givens,
draw When steps from the catalog, check every rule after each, and shrink what breaks one
into a scenario to paste."""
