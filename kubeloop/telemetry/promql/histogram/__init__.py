"""Native histograms in PromQL: the series notation, the histogram functions, rates,
aggregation and arithmetic over ``FloatHistogram`` samples
(``kubeloop.telemetry.series.histogram``)."""
