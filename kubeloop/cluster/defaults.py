"""What a scenario's deployment and node are when it does not say (defined here only).

The API's own defaults are Kubernetes': no requests unless given. A module of constants
alone, so the step library and the catalog read them without importing the cluster.
"""

DEFAULT_DEPLOYMENT_NAME = "web"
DEFAULT_POD_CPU = "500m"
DEFAULT_POD_MEMORY = "256Mi"
DEFAULT_VERSION = "v1"
DEFAULT_MAX_SURGE = "25%"
DEFAULT_MAX_UNAVAILABLE = "25%"
DEFAULT_REVISION_HISTORY_LIMIT = 10
DEFAULT_PROGRESS_DEADLINE = 600

DEFAULT_NODE_CPU = "4"
DEFAULT_NODE_MEMORY = "8Gi"
DEFAULT_MAX_PODS = 110
