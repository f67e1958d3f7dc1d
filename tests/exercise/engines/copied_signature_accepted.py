"""Lab 02, broken alone: a signature copied from one digest to another is honoured (the
copy is re-made for the target), so verify-before-deploy lets an unsigned build through."""

from kubeloop import Pipeline as _Pipeline


class Pipeline(_Pipeline):
    def attach_signature(self, source, target):
        for signature in self.signatures(source):
            self.sign(target, signature.key_name)
