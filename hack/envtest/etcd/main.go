// Command etcd is etcd's server, built at the version Kubernetes v1.34 is tested with.
package main

import (
	"os"

	"go.etcd.io/etcd/server/v3/etcdmain"
)

func main() { etcdmain.Main(os.Args) }
